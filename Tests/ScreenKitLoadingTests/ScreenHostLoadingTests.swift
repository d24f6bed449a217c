import Locking
import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTerminal
import ScreenKitTesting
import Testing

/// A load in a screen of a program hosting screens through `ScreenHost`: its timers are the
/// program's deadlines, its answer from another thread wakes the program, a click retries it.
@MainActor
@Suite struct ScreenHostLoadingTests {
  private let clock = VirtualClock()
  /// Runs load tasks when a test says, as the program's threads would have run them.
  private let executor = ManualTaskExecutor()

  nonisolated static let everyForm: [(LoadingVariant, FakeLoader<String>.Form)] = LoadingVariant
    .allCases
    .flatMap { variant in FakeLoader<String>.Form.allCases.map { (variant, $0) } }

  private func makeHost(
    _ root: Screen, size: Size = Size(width: 20, height: 3),
    wake: (@Sendable () -> Void)? = nil
  ) -> ScreenHost {
    ScreenHost(
      root: root, size: size,
      scheduler: Scheduler(clock: ScreenClock(clock), taskExecutor: executor), wake: wake)
  }

  /// Does what a program's loop does until `time`: sleeps until each deadline of the host,
  /// ticks and draws.
  private func run(_ host: ScreenHost, until time: Duration) {
    while let deadline = host.nextDeadline, deadline <= time {
      clock.advance(to: .init(offset: deadline))
      host.tick()
      if host.needsFrame { _ = host.frame() }
    }
    clock.advance(to: .init(offset: time))
    host.tick()
    if host.needsFrame { _ = host.frame() }
  }

  @Test(arguments: LoadingVariant.allCases)
  func theSpinnersTimersAreTheDeadlinesTheProgramSleepsUntil(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let subject = variant.make(loader.source(.callback))
    let host = makeHost(subject.screen, size: Size(width: 30, height: 5))
    _ = host.frame()
    // Nothing changes on screen before the show delay: the program may sleep until then.
    #expect(host.nextDeadline == .milliseconds(150))
    #expect(host.pollTimeout == 150)
    clock.advance(to: .init(offset: .milliseconds(100)))
    #expect(host.pollTimeout == 50)
    clock.advance(to: .init(offset: .milliseconds(150)))
    #expect(host.pollTimeout == 0)
    host.tick()
    #expect(host.needsFrame)
    _ = host.frame()
    #expect(host.grid.text(ofRow: 2).hasPrefix("          ⠙ Loading…"))
    // The spinner turns with the clock, every 80 ms: its next frame is the next deadline.
    #expect(host.nextDeadline == .milliseconds(160))
    #expect(host.pollTimeout == 10)
    run(host, until: .milliseconds(160))
    #expect(host.grid.text(ofRow: 2).hasPrefix("          ⠹ Loading…"))
    loader.resolve("Swift")
    run(host, until: .seconds(1))
    #expect(host.grid.text(ofRow: 0).hasPrefix("content: Swift"))
    #expect(host.nextDeadline == nil, "the spinner kept a timer after the content showed")
    #expect(host.pollTimeout == -1)
    host.close()
  }

  @Test(arguments: everyForm)
  func anAnswerFromAnotherThreadWakesTheProgramAndTheNextFrameShowsTheContent(
    variant: LoadingVariant, form: FakeLoader<String>.Form
  ) async {
    let wakes = Counter()
    let loader = FakeLoader<String>()
    let subject = variant.make(loader.source(form))
    let host = makeHost(subject.screen, size: Size(width: 30, height: 5)) { wakes.increment() }
    _ = host.frame()
    _ = executor.runAll()
    run(host, until: .milliseconds(100))
    let woken = wakes.count
    await Task.detached { loader.resolve("Swift") }.value
    // NB: an async or stream load resumes on the executor, which the program's threads run.
    _ = executor.runAll()
    #expect(wakes.count > woken, "the answer did not wake the program")
    #expect(host.tick() > 0)
    #expect(host.needsFrame)
    _ = host.frame()
    #expect(host.grid.text(ofRow: 0).hasPrefix("content: Swift"))
    #expect(!host.grid.lines.joined().contains("Loading"))
    #expect(subject.state() == .loaded("Swift"))
    #expect(host.nextDeadline == nil, "the spinner's show delay outlived the load")
    host.close()
    if form == .stream { loader.end() }
  }

  @Test(arguments: LoadingVariant.allCases)
  func aClickReachesTheScreenUnderItAndRetriesAFailedLoad(variant: LoadingVariant) async throws {
    let loader = FakeLoader<String>()
    let subject = variant.make(loader.source(.callback))
    let host = makeHost(subject.screen, size: Size(width: 40, height: 9))
    loader.reject(SampleError())
    host.tick()
    _ = host.frame()
    let lines = host.grid.lines
    let row = try #require(lines.firstIndex { $0.contains("[r] Retry") })
    let column = lines[row].firstIndex(of: "[")!.utf16Offset(in: lines[row])
    #expect(!host.handle(.mouse(MouseEvent(.press(.left), at: Point(x: 0, y: 0)))))
    #expect(loader.callCount == 1, "a click away from Retry retried")
    #expect(host.handle(.mouse(MouseEvent(.press(.left), at: Point(x: column + 1, y: row)))))
    #expect(loader.callCount == 2)
    #expect(subject.state() == .loading)
    // The same click as the bytes a terminal with SGR reporting sends (1-based).
    loader.reject(SampleError())
    host.tick()
    _ = host.frame()
    let click = HostInputDecoder(host: host).decode(
      bytes: Array("\u{1B}[<0;\(column + 2);\(row + 1)M".utf8))
    #expect(click.map { host.handle($0) } == [true])
    #expect(loader.callCount == 3)
    loader.resolve("again")
    run(host, until: .seconds(1))
    #expect(host.grid.text(ofRow: 0).hasPrefix("content: again"))
    host.close()
  }
}

private final class Counter: Sendable {
  private let value = Locked(0)
  func increment() { value.withLock { $0 += 1 } }
  var count: Int { value.withLock { $0 } }
}

import CNCurses
import Dispatch
import Glibc
import ScreenKit
import ScreenKitTesting
import Synchronization
import Testing

@testable import ScreenKitCurses

/// `CursesApplication` run in this process on a pseudo-terminal. Part of the
/// serialized session suite, since a process has one ncurses session at a time.
extension CursesSessionTests {
  private func options(_ pty: PseudoTerminal) -> CursesTerminal.Options {
    var options = CursesTerminal.Options()
    options.inputDescriptor = pty.follower
    options.outputDescriptor = pty.follower
    options.terminalType = "xterm-256color"
    return options
  }

  /// Runs `application` until it returns, and returns whether it ended by itself.
  ///
  /// Once `ready` shows on the terminal, `action` runs off the main actor (typing keys,
  /// sending signals); a run that has not returned ten seconds later is quit from outside.
  @discardableResult
  private func run(
    _ application: CursesApplication, on pty: PseudoTerminal, once ready: String? = nil,
    _ action: @escaping @Sendable () -> Void = {}
  ) async throws -> Bool {
    let finished = Shared(false)
    let scheduler = application.stage.scheduler
    let watchdog = Task.detached {
      if let ready, !pty.eventuallyShows(ready) {
        Issue.record("the application never showed \"\(ready)\"")
      }
      action()
      guard !waitUntil(timeout: .seconds(10), { finished.value }) else { return true }
      scheduler.post { application.quit() }
      return false
    }
    try await application.run()
    finished.value = true
    return await watchdog.value
  }

  @Test func farFutureDispatchTimesAreNever() {
    #expect(CursesApplication.dispatchTime(after: .seconds(Int.max)) == .distantFuture)
    #expect(CursesApplication.dispatchTime(after: Duration(attoseconds: .max)) == .distantFuture)
    #expect(CursesApplication.dispatchTime(after: .nanoseconds(Int64.max)) == .distantFuture)
    let before = DispatchTime.now()
    let soon = CursesApplication.dispatchTime(after: .milliseconds(5))
    #expect(soon.uptimeNanoseconds >= before.uptimeNanoseconds + 5_000_000)
    #expect(soon.uptimeNanoseconds <= DispatchTime.now().uptimeNanoseconds + 5_000_000)
  }

  /// Timers, timeouts and frame intervals far in the future (even the largest `Duration`)
  /// arm the run loop's timer for "practically never" instead of trapping.
  @Test func farFutureDeadlinesDoNotTrapTheRunLoop() async throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let screen = SizeScreen()
    let application = CursesApplication(root: screen, options: options(pty))
    application.onUnhandledKey = { key in
      if key == "q" { application.quit() }
    }
    var fired = false
    application.stage.scheduler.schedule(after: .seconds(Int.max)) { fired = true }
    application.stage.scheduler.schedule(after: Duration(attoseconds: .max)) { fired = true }
    application.frameInterval = Duration(attoseconds: .max)
    let endedByItself = try await run(application, on: pty, once: "size 80x24") {
      pty.type("x")
      pty.type("q")
    }
    #expect(endedByItself)
    #expect(!fired)
  }

}

/// A screen that shows the stage's size and the keys it was sent, and handles no key, so
/// every key reaches the application's handler.
private final class SizeScreen: Screen {
  private var keys = ""

  override func layoutChildren() {
    setNeedsDisplay()
  }

  override func handle(_ key: Key) -> Bool {
    keys += key.description
    setNeedsDisplay()
    return false
  }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText("size \(bounds.width)x\(bounds.height)", at: .zero)
    canvas.drawText(keys, at: Point(x: 0, y: 1))
  }
}

/// A value shared between the test and the threads it starts.
private final class Shared<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>
  init(_ value: Value) { storage = Mutex(value) }
  var value: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}

/// The embedding host's descriptor and timeout, for programs with their own `poll` loop.
extension CursesSessionTests {
  /// Runs `body` with the standard screen of an ncurses session a host program opened.
  private func withForeignSession(_ body: (UnsafeMutablePointer<WINDOW>) throws -> Void) throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    CursesTerminal.useUTF8Locale()
    let output = fdopen(dup(pty.follower), "w")
    let input = fdopen(dup(pty.follower), "r")
    let screen = try #require(newterm("xterm-256color", output, input))
    defer {
      endwin()
      delscreen(screen)
      fclose(output)
      fclose(input)
    }
    try body(try #require(sk_stdscr()))
  }

  @Test func anEmbeddedHostsPollTimeoutRoundsUpAndSaturates() throws {
    try withForeignSession { window in
      let clock = VirtualClock()
      let host = try EmbeddedHost(
        root: Screen(), window: window, palette: CursesPalette(),
        scheduler: Scheduler(clock: ScreenClock(clock)))
      defer { host.close() }
      let scheduler = host.stage.scheduler
      #expect(host.pollTimeout == -1)
      let soon = scheduler.schedule(after: .microseconds(1500)) {}
      #expect(host.pollTimeout == 2)
      scheduler.cancel(soon)
      let far = scheduler.schedule(after: .seconds(Int.max)) {}
      #expect(host.pollTimeout == Int32.max)
      scheduler.cancel(far)
      scheduler.schedule(after: Duration(attoseconds: .max)) {}
      #expect(host.pollTimeout == Int32.max)
      clock.advance(to: .init(offset: .seconds(1)))
      scheduler.schedule(after: .zero) {}
      #expect(host.pollTimeout == 0)
    }
  }

}

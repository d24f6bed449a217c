import Locking
import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// A program hosting screens through `ScreenHost`, as one without ncurses does: it wakes on
/// its own closure, sleeps until the host's deadline and writes the runs it is given.
@MainActor
@Suite struct ScreenHostTests {
  private let clock = VirtualClock()
  /// Runs load tasks when a test says, as the program's threads would have run them.
  private let executor = ManualTaskExecutor()

  private func makeHost(
    _ root: Screen, size: Size = Size(width: 20, height: 3),
    wake: (@Sendable () -> Void)? = nil
  ) -> ScreenHost {
    ScreenHost(
      root: root, size: size,
      scheduler: Scheduler(clock: ScreenClock(clock), taskExecutor: executor), wake: wake)
  }

  @Test func workPostedFromAnotherThreadCallsTheProgramsWakeAndRunsAtTheNextTick() async {
    let wakes = Counter()
    let host = makeHost(ProbeScreen("Root")) { wakes.increment() }
    let scheduler = host.stage.scheduler
    let runs = Counter()
    await Task.detached { scheduler.post { runs.increment() } }.value
    #expect(wakes.count == 1)
    #expect(runs.count == 0)
    #expect(host.tick() == 1)
    #expect(runs.count == 1)
    host.close()
    scheduler.post {}
    #expect(wakes.count == 1, "a closed host still woke the program")
  }

  @Test func aFrameHandsOutTheChangedRunsAndAResizeRepaintsEverything() {
    let probe = ProbeScreen("Root", text: "hello")
    let host = makeHost(probe)
    #expect(host.needsFrame)
    let first = host.frame()
    #expect(first.isFullRepaint)
    #expect(host.grid.text(ofRow: 0).hasPrefix("hello"))
    #expect(!host.needsFrame)
    probe.text = "help"
    let second = host.frame()
    #expect(!second.isFullRepaint)
    #expect(second.points.allSatisfy { $0.y == 0 && $0.x >= 3 })
    host.handle(.resize(Size(width: 30, height: 4)))
    let resized = host.frame()
    #expect(resized.isFullRepaint)
    #expect(resized.cellCount == 30 * 4)
    #expect(host.size == Size(width: 30, height: 4))
    host.close()
  }
}

private final class Counter: Sendable {
  private let value = Locked(0)
  func increment() { value.withLock { $0 += 1 } }
  var count: Int { value.withLock { $0 } }
}

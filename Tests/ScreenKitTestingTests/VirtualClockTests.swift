import Locking
import ScreenKitSimulation
import ScreenKitTesting
import Testing

@Suite struct VirtualClockTests {
  @Test func timeMovesOnlyWhenAdvancedAndNeverBackwards() {
    let clock = VirtualClock()
    #expect(clock.now.offset == .zero)
    clock.advance(to: .init(offset: .seconds(2)))
    clock.advance(to: .init(offset: .seconds(1)))
    #expect(clock.now.offset == .seconds(2))
  }

  @Test func sleepersResumeAtTheirDeadlineEarliestFirst() async throws {
    let clock = VirtualClock()
    let executor = ManualTaskExecutor()
    let order = Order()
    for (name, ms) in [("late", 300), ("early", 100)] {
      Task.detached(executorPreference: executor) {
        try await clock.sleep(for: .milliseconds(ms))
        order.append(name)
      }
    }
    executor.runAll()
    #expect(clock.sleeperCount == 2)
    #expect(clock.nextSleeperDeadline?.offset == .milliseconds(100))
    clock.advance(to: .init(offset: .milliseconds(150)))
    executor.runAll()
    #expect(order.names == ["early"])
    clock.advance(to: .init(offset: .milliseconds(300)))
    executor.runAll()
    #expect(order.names == ["early", "late"])
  }

  @Test func cancellingASleeperResumesItWithCancellationError() async {
    let clock = VirtualClock()
    let executor = ManualTaskExecutor()
    let order = Order()
    let task = Task.detached(executorPreference: executor) {
      do {
        try await clock.sleep(for: .seconds(10))
        order.append("woke")
      } catch {
        order.append("cancelled")
      }
    }
    executor.runAll()
    task.cancel()
    executor.runAll()
    #expect(order.names == ["cancelled"])
    #expect(clock.sleeperCount == 0)
  }
}

private final class Order: Sendable {
  private let storage = Locked<[String]>([])
  func append(_ name: String) { storage.withLock { $0.append(name) } }
  var names: [String] { storage.withLock { $0 } }
}

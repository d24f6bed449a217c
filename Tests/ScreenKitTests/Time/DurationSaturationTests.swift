import Locking
import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// Far-future durations (`.seconds(Int.max)`, the largest `Duration`) are "practically never":
/// every conversion to an integer count and every deadline sum saturates instead of trapping.
@MainActor
@Suite struct DurationSaturationTests {
  nonisolated static let longest = Duration(attoseconds: .max)
  nonisolated static let shortest = Duration(attoseconds: .min)

  @Test func countsRoundUpSoAWaitNeverEndsEarly() {
    #expect(Duration.zero.saturatingCount(of: .nanoseconds(1)) == 0)
    #expect(Duration(attoseconds: 1).saturatingCount(of: .nanoseconds(1)) == 1)
    #expect(Duration.milliseconds(25).saturatingCount(of: .milliseconds(1)) == 25)
    #expect(Duration.microseconds(1500).saturatingCount(of: .milliseconds(1)) == 2)
    #expect(Duration.seconds(-1).saturatingCount(of: .milliseconds(1)) == -1000)
    #expect(Duration(attoseconds: -1).saturatingCount(of: .nanoseconds(1)) == 0)
  }

  @Test func countsSaturateAtTheExtremes() {
    #expect(Duration.seconds(Int.max).saturatingCount(of: .nanoseconds(1)) == .max)
    #expect(Duration.seconds(Int.max).saturatingCount(of: .seconds(1)) == .max)
    #expect(Self.longest.saturatingCount(of: .nanoseconds(1)) == .max)
    #expect(Self.longest.saturatingCount(of: .seconds(1)) == .max)
    #expect(Self.shortest.saturatingCount(of: .nanoseconds(1)) == .min)
    #expect(Duration.seconds(Int.min).saturatingCount(of: .milliseconds(1)) == .min)
    // The largest count that fits is still exact.
    #expect(Duration.nanoseconds(Int64.max).saturatingCount(of: .nanoseconds(1)) == .max)
    #expect(Duration.nanoseconds(Int64.max - 1).saturatingCount(of: .nanoseconds(1)) == .max - 1)
  }

  @Test func sumsAndProductsSaturate() {
    #expect(Self.longest.saturatingAdding(.seconds(1)) == Self.longest)
    #expect(Self.shortest.saturatingAdding(.seconds(-1)) == Self.shortest)
    #expect(Duration.seconds(1).saturatingAdding(.seconds(2)) == .seconds(3))
    #expect(Duration.seconds(Int.max).saturatingMultiplied(by: 1000) == Self.longest)
    #expect(Duration.seconds(Int.max).saturatingMultiplied(by: -1000) == Self.shortest)
    #expect(Duration.seconds(2).saturatingMultiplied(by: 3) == .seconds(6))
  }

  @Test func aTimerAtTheEndOfTimeIsPendingAndNeverFires() async {
    let harness = ScreenHarness(root: ProbeScreen("Root"))
    let scheduler = harness.stage.scheduler
    var fired = 0
    await harness.advance(by: .seconds(1))
    let longest = scheduler.schedule(after: Self.longest) { fired += 1 }
    let huge = scheduler.schedule(after: .seconds(Int.max)) { fired += 1 }
    #expect(scheduler.nextDeadline == .seconds(Int.max) + .seconds(1))
    await harness.advance(by: .seconds(86_400 * 365))
    #expect(fired == 0)
    #expect(scheduler.pendingTimerCount == 2)
    scheduler.cancel(longest)
    scheduler.cancel(huge)
    await harness.finish()
  }

  /// The standard clocks trap on an instant past `Int64.max` seconds (its `components`);
  /// a screen clock never asks them for one.
  @Test func aScreenClockSleepsUntilAnInstantTheStandardClocksCanRepresent() async throws {
    let clock = DeadlineRecordingClock()
    let screenClock = ScreenClock(clock)
    for duration in [Self.longest, .seconds(Int.max), .seconds(Int.max / 2 + 1)] {
      try await screenClock.sleep(for: duration)
      let deadline = try #require(clock.deadlines.last)
      #expect(deadline.offset <= .seconds(Int64.max / 2))
    }
    try await screenClock.sleep(for: .seconds(5))
    #expect(clock.deadlines.last?.offset == .seconds(5))
  }

  @Test func sleepingOnAScreenClockUntilTheEndOfTimeCanBeCancelled() async {
    for clock in [ScreenClock.continuous, ScreenClock(VirtualClock())] {
      let sleeper = Task.detached {
        do {
          try await clock.sleep(for: Self.longest)
          return "woke"
        } catch {
          return "cancelled"
        }
      }
      sleeper.cancel()
      #expect(await sleeper.value == "cancelled")
    }
  }
}

/// A clock at time zero whose sleeps return at once, recording the instants they were for.
private final class DeadlineRecordingClock: Clock, Sendable {
  typealias Instant = VirtualClock.Instant
  private let recorded = Locked<[Instant]>([])

  var now: Instant { Instant(offset: .zero) }
  var minimumResolution: Duration { .zero }
  var deadlines: [Instant] { recorded.withLock { $0 } }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    recorded.withLock { $0.append(deadline) }
  }
}

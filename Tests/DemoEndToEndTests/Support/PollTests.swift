import ScreenKitSimulation
import Testing

/// The wait loop of the end-to-end tests fails only after it looked once more past its
/// deadline: a poller that was not scheduled for longer than its timeout still sees what the
/// program showed meanwhile.
struct PollTests {
  /// A clock whose time moves only when a test says so, and by a sleep's length when slept:
  /// a poller's sleeps return at once, no wall-clock time passes.
  final class SteppingClock: Clock, @unchecked Sendable {
    typealias Instant = VirtualClock.Instant
    var now = Instant(offset: .zero)
    var minimumResolution: Duration { .nanoseconds(1) }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
      now = max(now, deadline)
    }
  }

  @Test func aPollerStarvedPastItsDeadlineLooksOnceMoreBeforeFailing() async throws {
    let clock = SteppingClock()
    var attempts = 0
    let seen = try await Poll.until(timeout: .seconds(10), clock: clock) { () -> String? in
      attempts += 1
      // The first look comes before the program drew; then the poller is not scheduled for
      // longer than its whole timeout, while the program draws.
      if attempts == 1 {
        clock.now = clock.now.advanced(by: .seconds(11))
        return nil
      }
      return "drawn"
    }
    #expect(seen == "drawn")
    #expect(attempts == 2)
  }

  @Test func aPollerGivesUpAfterOneLookPastItsDeadline() async throws {
    let clock = SteppingClock()
    var attempts = 0
    let seen = try await Poll.until(timeout: .seconds(1), every: .milliseconds(400), clock: clock) {
      () -> String? in
      attempts += 1
      return nil
    }
    #expect(seen == nil)
    // At 0, 0.4 and 0.8 s before the deadline, and once at 1.2 s after it.
    #expect(attempts == 4)
    #expect(clock.now.offset == .milliseconds(1200))
  }
}

/// The clock a screen hierarchy reads: any Swift `Clock` measured in `Duration`, as time
/// elapsed since the clock was adopted.
///
/// Production code adopts `ContinuousClock`; tests adopt a virtual clock and advance it.
public struct ScreenClock: Sendable {
  private let readNow: @Sendable () -> Duration
  private let sleeper: @Sendable (Duration) async throws -> Void

  /// Adopts `clock`; its current instant becomes time zero.
  public init<C: Clock>(_ clock: C) where C.Duration == Duration {
    self.init(clock, origin: clock.now)
  }

  /// Adopts `clock` with `origin` as time zero, so that hierarchies adopting one clock at
  /// different moments read the same time.
  public init<C: Clock>(_ clock: C, origin: C.Instant) where C.Duration == Duration {
    self.readNow = { origin.duration(to: clock.now) }
    self.sleeper = { deadline in
      // NB: the standard clocks trap on instants past `Int64.max` seconds; a sleep of 146
      // billion years is as good as one until the end of time.
      let reachable = min(deadline, ScreenClock.farthestDeadline)
      try await clock.sleep(until: origin.advanced(by: reachable), tolerance: nil)
    }
  }

  /// The farthest deadline a sleep waits for; later ones wait for it instead.
  private static let farthestDeadline = Duration.seconds(Int64.max / 2)

  /// A clock that reads real, monotonic time.
  public static var continuous: ScreenClock { ScreenClock(ContinuousClock()) }

  /// The time elapsed since the clock was adopted.
  public var now: Duration { readNow() }

  /// Suspends until the clock reads `deadline`, or throws when the task is cancelled.
  public func sleep(until deadline: Duration) async throws {
    try await sleeper(deadline)
  }

  /// Suspends for `duration`, or throws when the task is cancelled.
  public func sleep(for duration: Duration) async throws {
    try await sleeper(now.saturatingAdding(duration))
  }
}

/// A moment on the monotonic clock by which something must have happened.
public struct Deadline: Sendable {
  /// When the deadline passes.
  public let instant: ContinuousClock.Instant

  /// The deadline `duration` from now.
  public init(after duration: Duration) {
    instant = ContinuousClock.now + duration
  }

  /// Whether the deadline has passed.
  public var hasPassed: Bool { ContinuousClock.now >= instant }

  /// The time left, in whole milliseconds rounded up, as `poll` takes it (0 once passed).
  var remainingMilliseconds: Int32 {
    let left = instant - ContinuousClock.now
    guard left > .zero else { return 0 }
    let (seconds, attoseconds) = left.components
    let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: milliseconds)
  }
}

import ScreenKit

/// How often a failed load is tried again by itself before the error is shown.
public struct RetryPolicy: Hashable, Sendable {
  /// Extra attempts after the first one.
  public var retries: Int
  /// The wait before the first retry, on the hierarchy's clock.
  public var initialBackoff: Duration
  /// The factor the wait grows by for each further retry.
  public var multiplier: Int

  /// Creates a policy of `retries` extra attempts with exponential backoff.
  public init(retries: Int, initialBackoff: Duration = .milliseconds(500), multiplier: Int = 2) {
    self.retries = max(0, retries)
    self.initialBackoff = initialBackoff
    self.multiplier = max(1, multiplier)
  }

  /// No automatic retries: the first failure is shown.
  public static let none = RetryPolicy(retries: 0)

  /// The wait before retry number `attempt` (1 for the first retry); a wait too long for a
  /// `Duration` is the longest one.
  public func backoff(beforeRetry attempt: Int) -> Duration {
    var wait = initialBackoff
    var step = 1
    while step < attempt && wait > .zero && wait < .longest && multiplier > 1 {
      wait = wait.saturatingMultiplied(by: multiplier)
      step += 1
    }
    return wait
  }
}

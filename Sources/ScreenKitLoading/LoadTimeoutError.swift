/// The error a load fails with when it takes longer than its timeout.
public struct LoadTimeoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The timeout that passed.
  public var timeout: Duration

  /// Creates the error for `timeout`.
  public init(timeout: Duration) {
    self.timeout = timeout
  }

  /// A one-line message, such as `Timed out after 5 seconds`.
  public var description: String { "Timed out after \(timeout)" }
}

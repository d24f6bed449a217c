/// The error a load fails with when its stream ends before it produced a value.
///
/// A stream that finishes with nothing gave the screen nothing to show; that is treated as a
/// failure (shown with Retry, and retried by the ``RetryPolicy``) rather than as an empty
/// state, since a content screen is built from a value. A source whose "nothing" is normal
/// yields an empty value instead, such as an empty list.
public struct EmptyStreamError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Creates the error.
  public init() {}

  /// A one-line message.
  public var description: String { "The stream ended without a value" }
}

/// The error a screen shows when a change made with ``LoadCache/mutate(_:on:optimistic:perform:)``
/// failed and its expected value was taken back: `error` is why the change failed.
///
/// A screen showing the key shows it as ``LoadState/failed(_:lastValue:)`` over the value the
/// key went back to, with "change failed" in its message, so the user knows the change did not
/// happen; Esc dismisses it and `r` reloads the value.
public struct ChangeRolledBackError: Error, CustomStringConvertible {
  /// Why the change failed.
  public let error: any Error

  /// Wraps the error a change failed with.
  public init(_ error: any Error) {
    self.error = error
  }

  /// The message of the error the change failed with.
  public var description: String { ErrorScreen.message(for: error) }
}

/// Why a prompt does not take an answer: what its message under the field says, and what the
/// error for an answer from the environment quotes.
public struct PromptRejection: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message, short and without a full stop: "must not be empty".
  public var message: String

  /// A rejection saying `message`.
  public init(_ message: String) {
    self.message = message
  }

  /// The one line that says it.
  public var description: String { message }
}

public import ScreenKit

/// A secret (a password, a token): each character shown as the theme's mask, never echoed,
/// and never in the answer line, which says ``PromptSymbols/hiddenAnswer`` instead; nor in an
/// error message.
///
/// It has no default: a run where nobody can be asked takes it from the environment or
/// fails.
public struct SecretPrompt: Prompt {
  /// The name of the answer given outside the terminal (`<PREFIX>_<ID>`).
  public var id: String
  /// The question, as asked and as the answer line repeats it.
  public var question: String
  /// Why a secret is not taken (never quoting it), or `nil` when it is.
  ///
  /// An answer from the environment is checked too. By default an empty secret is not taken.
  public var validate: @Sendable (String) -> String?

  /// Asks `question`.
  public init(
    _ question: String, id: String,
    validate: @escaping @Sendable (String) -> String? = { $0.isEmpty ? "must not be empty" : nil }
  ) {
    self.question = question
    self.id = id
    self.validate = validate
  }

  /// The answer when nobody can be asked; `nil` when the prompt must be answered.
  public var defaultAnswer: String? { nil }
  /// What the environment variable takes, as an error names it.
  public var answerFormat: String { "secret" }
  /// Whether an answer may be quoted in an error: never for a secret.
  public var showsAnswers: Bool { false }
  /// The rows the prompt takes while asked.
  public var rows: Int { 2 }

  /// The answer the environment's `text` stands for.
  public func answer(from text: String) throws(PromptRejection) -> String {
    if let message = validate(text) { throw PromptRejection(message) }
    return text
  }

  /// The answer as the answer line shows it.
  public func answerText(for value: String, symbols: PromptSymbols) -> String {
    symbols.hiddenAnswer
  }

  /// The screen that asks, calling `submit` once with the answer.
  @MainActor
  public func makeScreen(theme: PromptTheme, submit: @escaping @MainActor (String) -> Void)
    -> Screen
  {
    TextInputScreen(
      question: question, theme: theme, placeholder: "", defaultAnswer: nil,
      mask: theme.symbols.mask,
      check: { text throws(PromptRejection) in try self.answer(from: text) }, submit: submit)
  }
}

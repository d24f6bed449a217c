public import ScreenKit

/// A line of text: typed with the readline keys, checked when Enter is pressed, its message
/// under the field until the text changes.
public struct TextPrompt: Prompt {
  /// The name of the answer given outside the terminal (`<PREFIX>_<ID>`).
  public var id: String
  /// The question, as asked and as the answer line repeats it.
  public var question: String
  /// The answer when nobody can be asked; `nil` when the prompt must be answered.
  public var defaultAnswer: String?
  /// Shown dimmed in the empty field: an example of an answer.
  public var placeholder: String
  /// The message that says why a text is not taken, or `nil` when it is; an answer from the
  /// environment is checked too.
  public var validate: (@Sendable (String) -> String?)?

  /// Asks `question`; Enter on an empty field, and a run where nobody can be asked, take
  /// `default`.
  public init(
    _ question: String, id: String, default defaultAnswer: String? = nil, placeholder: String = "",
    validate: (@Sendable (String) -> String?)? = nil
  ) {
    self.question = question
    self.id = id
    self.defaultAnswer = defaultAnswer
    self.placeholder = placeholder
    self.validate = validate
  }

  /// What the environment variable takes, as an error names it.
  public var answerFormat: String { "text" }
  /// The rows the prompt takes while asked.
  public var rows: Int { 2 }

  /// The answer the environment's `text` stands for.
  public func answer(from text: String) throws(PromptRejection) -> String {
    if let message = validate?(text) { throw PromptRejection(message) }
    return text
  }

  /// The answer as the answer line shows it.
  public func answerText(for value: String, symbols: PromptSymbols) -> String { value }

  /// The screen that asks, calling `submit` once with the answer.
  @MainActor
  public func makeScreen(theme: PromptTheme, submit: @escaping @MainActor (String) -> Void)
    -> Screen
  {
    TextInputScreen(
      question: question, theme: theme, placeholder: placeholder, defaultAnswer: defaultAnswer,
      mask: nil, check: { text throws(PromptRejection) in try self.answer(from: text) },
      submit: submit)
  }
}

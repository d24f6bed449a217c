public import ScreenKit

/// A question a command-line tool asks: how it is drawn while asked, how an answer given in
/// the environment is read, and the line it leaves in the scrollback.
///
/// ``Prompts/ask(_:)`` runs any prompt; ``ConfirmPrompt``, ``TextPrompt``, ``SecretPrompt``,
/// ``SelectPrompt`` and ``MultiSelectPrompt`` are the kit's.
public protocol Prompt: Sendable {
  /// What the prompt answers with.
  associatedtype Value: Sendable

  /// The prompt's name for the answers given to it outside the terminal: the environment
  /// variable `<PREFIX>_<ID>` (``Prompts/variableName(for:)``).
  var id: String { get }
  /// The question, as shown and as the answer line repeats it.
  var question: String { get }
  /// The answer taken when nobody can be asked; `nil` when the prompt must be answered.
  var defaultAnswer: Value? { get }
  /// What an answer from the environment looks like, as the error for a missing one says it:
  /// `yes|no`, `text`, `swift|rust`.
  var answerFormat: String { get }
  /// Whether an answer may be repeated in an error message; `false` for a secret.
  var showsAnswers: Bool { get }
  /// How many rows the prompt takes while it is asked, at most; the terminal's height limits
  /// it further.
  var rows: Int { get }

  /// The answer that `text`, from the environment, stands for; `async` for a prompt whose
  /// choices load.
  ///
  /// - Throws: ``PromptRejection`` saying why `text` is no answer.
  func answer(from text: String) async throws(PromptRejection) -> Value

  /// The answer as the answer line shows it.
  func answerText(for value: Value, symbols: PromptSymbols) -> String

  /// The screen that asks, drawn in `theme`; it calls `submit` once, with the answer.
  @MainActor
  func makeScreen(theme: PromptTheme, submit: @escaping @MainActor (Value) -> Void) -> Screen
}

extension Prompt {
  /// Answers are shown unless a prompt says otherwise.
  public var showsAnswers: Bool { true }

  /// The line left in the scrollback for `value`: the answered symbol, the question, the
  /// answer.
  public func answerLine(for value: Value, symbols: PromptSymbols) -> String {
    "\(symbols.answered) \(question) \(answerText(for: value, symbols: symbols))"
  }

  /// ``answerLine(for:symbols:)`` in runs of the theme's styles, as a terminal shows it.
  func answerRuns(for value: Value, theme: PromptTheme) -> [(text: String, style: Style)] {
    [
      (theme.symbols.answered, theme.answeredMark), (" ", .plain), (question, theme.question),
      (" ", .plain), (answerText(for: value, symbols: theme.symbols), theme.answer),
    ]
  }
}

public import ScreenKit

/// A yes-or-no question: `y` or `n` answers it, Enter takes the default.
///
/// From the environment it takes `y`, `yes`, `true`, `1`, `n`, `no`, `false` or `0`, in any
/// case.
public struct ConfirmPrompt: Prompt {
  /// The name of the answer given outside the terminal (`<PREFIX>_<ID>`).
  public var id: String
  /// The question, as asked and as the answer line repeats it.
  public var question: String
  /// The answer when nobody can be asked; `nil` when the prompt must be answered.
  public var defaultAnswer: Bool?

  /// Asks `question`; `default` is what Enter, and a run where nobody can be asked, answer.
  public init(_ question: String, id: String, default defaultAnswer: Bool? = nil) {
    self.question = question
    self.id = id
    self.defaultAnswer = defaultAnswer
  }

  /// What the environment variable takes, as an error names it.
  public var answerFormat: String { "yes|no" }
  /// The rows the prompt takes while asked.
  public var rows: Int { 1 }

  /// The answer the environment's `text` stands for.
  public func answer(from text: String) throws(PromptRejection) -> Bool {
    switch text.lowercased() {
    case "y", "yes", "true", "1": true
    case "n", "no", "false", "0": false
    default: throw PromptRejection("answer yes or no")
    }
  }

  /// The answer as the answer line shows it.
  public func answerText(for value: Bool, symbols: PromptSymbols) -> String {
    value ? symbols.yes : symbols.no
  }

  /// The screen that asks, calling `submit` once with the answer.
  @MainActor
  public func makeScreen(theme: PromptTheme, submit: @escaping @MainActor (Bool) -> Void)
    -> Screen
  {
    ConfirmScreen(prompt: self, theme: theme, submit: submit)
  }
}

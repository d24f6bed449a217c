public import ScreenKit

/// One choice among rows: ↑ and ↓ move (past disabled rows), typing filters with the
/// picker's fuzzy matcher, Enter chooses; the rows scroll when there are more than fit.
///
/// From the environment it takes a choice's name or title, in any case.
public struct SelectPrompt<Value: Sendable & Equatable>: Prompt {
  /// The name of the answer given outside the terminal (`<PREFIX>_<ID>`).
  public var id: String
  /// The question, as asked and as the answer line repeats it.
  public var question: String
  /// The rows.
  public var choices: [Choice<Value>]
  /// The row the pointer starts at, and the answer when nobody can be asked.
  public var defaultAnswer: Value?
  /// The most rows shown at once; the terminal's height limits it further.
  public var pageSize: Int

  /// Asks `question` with `choices`; the pointer starts at `default`.
  public init(
    _ question: String, id: String, choices: [Choice<Value>], default defaultAnswer: Value? = nil,
    pageSize: Int = 7
  ) {
    self.question = question
    self.id = id
    self.choices = choices
    self.defaultAnswer = defaultAnswer
    self.pageSize = max(1, pageSize)
  }

  /// What the environment variable takes, as an error names it.
  public var answerFormat: String { choices.choiceFormat() }
  /// The question, the rows of a page, the status line.
  public var rows: Int { min(choices.count, pageSize) + 2 }

  /// The answer the environment's `text` stands for.
  public func answer(from text: String) throws(PromptRejection) -> Value {
    choices[try choices.choiceIndex(named: text)].value
  }

  /// The answer as the answer line shows it.
  public func answerText(for value: Value, symbols: PromptSymbols) -> String {
    choices.first { $0.value == value }?.title ?? ""
  }

  /// The screen that asks, calling `submit` once with the answer.
  @MainActor
  public func makeScreen(theme: PromptTheme, submit: @escaping @MainActor (Value) -> Void)
    -> Screen
  {
    let start = defaultAnswer.flatMap { value in choices.firstIndex { $0.value == value } }
    let screen = ChoiceListScreen(
      question: question, theme: theme, rows: choices.map(ChoiceList.Row.init),
      mode: .single, pointed: start)
    screen.onSubmit = { [choices] indices in
      guard let index = indices.first else { return }
      submit(choices[index].value)
    }
    return screen
  }
}

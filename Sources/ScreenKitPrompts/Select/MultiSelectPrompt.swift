public import ScreenKit

/// Any number of choices among rows: Space (or Tab) chooses the row pointed at or takes it
/// back, typing filters, Enter answers once at least ``minimum`` and at most ``maximum`` are
/// chosen.
///
/// From the environment it takes names (or titles) separated by commas; the empty string
/// chooses none.
public struct MultiSelectPrompt<Value: Sendable & Equatable>: Prompt {
  /// The name of the answer given outside the terminal (`<PREFIX>_<ID>`).
  public var id: String
  /// The question, as asked and as the answer line repeats it.
  public var question: String
  /// The rows.
  public var choices: [Choice<Value>]
  /// The values chosen at the start, and the answer when nobody can be asked; `nil` makes
  /// the prompt one that must be answered.
  public var defaultAnswer: [Value]?
  /// The fewest choices an answer holds.
  public var minimum: Int
  /// The most choices an answer holds; `nil` for no limit.
  public var maximum: Int?
  /// The most rows shown at once; the terminal's height limits it further.
  public var pageSize: Int

  /// Asks `question` with `choices`, those of `default` chosen at the start; a default with
  /// fewer than `minimum` or more than `maximum` values is none.
  public init(
    _ question: String, id: String, choices: [Choice<Value>], default defaultAnswer: [Value]? = [],
    minimum: Int = 0, maximum: Int? = nil, pageSize: Int = 7
  ) {
    self.question = question
    self.id = id
    self.choices = choices
    let minimum = max(0, minimum)
    self.minimum = minimum
    self.maximum = maximum
    // NB: a default outside the bounds is no answer, so it is no default either: a run where
    // nobody can be asked must then be answered from the environment.
    self.defaultAnswer = defaultAnswer.flatMap { values in
      ChoiceList.countMessage(values.count, minimum: minimum, maximum: maximum) == nil
        ? values : nil
    }
    self.pageSize = max(1, pageSize)
  }

  /// What the environment variable takes, as an error names it.
  public var answerFormat: String { choices.choiceFormat().replacingComma() }
  /// The question, the rows of a page, the status line.
  public var rows: Int { min(choices.count, pageSize) + 2 }

  /// The answer the environment's `text` stands for.
  public func answer(from text: String) throws(PromptRejection) -> [Value] {
    let names = text.split(separator: ",").map { String($0).trimmedOfSpaces() }
      .filter { !$0.isEmpty }
    var indices: [Int] = []
    for name in names {
      let index = try choices.choiceIndex(named: name)
      if !indices.contains(index) { indices.append(index) }
    }
    if let message = ChoiceList.countMessage(
      indices.count, minimum: minimum, maximum: maximum)
    {
      throw PromptRejection(message)
    }
    return indices.sorted().map { choices[$0].value }
  }

  /// The answer as the answer line shows it.
  public func answerText(for value: [Value], symbols: PromptSymbols) -> String {
    let titles = choices.filter { choice in value.contains(choice.value) }.map(\.title)
    return titles.isEmpty ? symbols.noneChosen : titles.joined(separator: ", ")
  }

  /// The screen that asks, calling `submit` once with the answer.
  @MainActor
  public func makeScreen(theme: PromptTheme, submit: @escaping @MainActor ([Value]) -> Void)
    -> Screen
  {
    let chosen = choices.indices.filter { index in
      defaultAnswer?.contains(choices[index].value) == true
    }
    let screen = ChoiceListScreen(
      question: question, theme: theme, rows: choices.map(ChoiceList.Row.init),
      mode: .multiple(minimum: minimum, maximum: maximum, chosen: Set(chosen)), pointed: nil)
    screen.onSubmit = { [choices] indices in submit(indices.map { choices[$0].value }) }
    return screen
  }
}

extension String {
  /// The names of a multiple answer are separated by commas: `swift,rust`.
  fileprivate func replacingComma() -> String {
    split(separator: "|").joined(separator: ",")
  }

  fileprivate func trimmedOfSpaces() -> String {
    var text = Substring(self)
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return String(text)
  }
}

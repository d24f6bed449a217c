public import ScreenKit
public import ScreenKitLoading

/// A ``SelectPrompt`` whose choices load: a spinner (after the load's show delay) until they
/// come, an error with retry (`r` or Enter) when the load fails, then the choices as a select
/// shows them, filter included.
///
/// Its answer line names the choice by ``title``. An answer from the environment loads the
/// choices to find the one it names; a default answers without loading.
public struct LoadingSelectPrompt<Value: Sendable & Equatable>: Prompt {
  /// The name of the answer given outside the terminal (`<PREFIX>_<ID>`).
  public var id: String
  /// The question, as asked and as the answer line repeats it.
  public var question: String
  /// Loads the rows, off the main actor.
  public var load: @Sendable () async throws -> [Choice<Value>]
  /// The answer when nobody can be asked, and the row the pointer starts at once loaded.
  public var defaultAnswer: Value?
  /// How the load runs: its spinner's label, delays, timeout, retries.
  public var options: LoadOptions
  /// The answer line's text for a value.
  public var title: @Sendable (Value) -> String
  /// The most rows shown at once.
  public var pageSize: Int

  /// Asks `question` with the choices `load` returns.
  ///
  /// The answer line shows `title` of the value chosen. The spinner's label is the question
  /// unless `options` says otherwise.
  public init(
    _ question: String, id: String, default defaultAnswer: Value? = nil,
    options: LoadOptions? = nil, pageSize: Int = 7,
    title: @escaping @Sendable (Value) -> String = { String(describing: $0) },
    load: @escaping @Sendable () async throws -> [Choice<Value>]
  ) {
    self.question = question
    self.id = id
    self.defaultAnswer = defaultAnswer
    // NB: the spinner's label is the question: inline, the spinner is the question's row.
    self.options = options ?? LoadOptions(label: question)
    self.pageSize = max(1, pageSize)
    self.title = title
    self.load = load
  }

  /// What the environment variable takes, as an error names it.
  public var answerFormat: String { "name" }
  /// The rows of a page, however many load: the region does not change height.
  public var rows: Int { pageSize + 2 }

  /// The answer the environment's `text` stands for.
  public func answer(from text: String) async throws(PromptRejection) -> Value {
    let choices: [Choice<Value>]
    do {
      choices = try await load()
    } catch {
      throw PromptRejection("the choices did not load: \(error)")
    }
    return choices[try choices.choiceIndex(named: text)].value
  }

  /// The answer as the answer line shows it.
  public func answerText(for value: Value, symbols: PromptSymbols) -> String { title(value) }

  /// The screen that asks, calling `submit` once with the answer.
  @MainActor
  public func makeScreen(theme: PromptTheme, submit: @escaping @MainActor (Value) -> Void)
    -> Screen
  {
    let question = question
    let defaultAnswer = defaultAnswer
    return LoadingController(
      load: load, options: options,
      build: { (choices: [Choice<Value>]) -> ChoiceListScreen in
        let start = defaultAnswer.flatMap { value in choices.firstIndex { $0.value == value } }
        let list = ChoiceListScreen(
          question: question, theme: theme, rows: choices.map(ChoiceList.Row.init),
          mode: .single, pointed: start)
        list.onSubmit = { indices in
          guard let index = indices.first else { return }
          submit(choices[index].value)
        }
        return list
      })
  }
}

public import ScreenKit

/// A select whose rows a search answers as the user types.
///
/// Each query is a keyed load that waits out ``debounce`` and cancels the search in flight; the last answer stays, dimmed,
/// until the new one comes; Enter waits for the answer to the query typed and chooses from
/// it, never from an older query's rows. A search that fails says so on the status line, and
/// Ctrl-R searches again.
///
/// An answer from the environment is searched for, and must name one of the rows found.
public struct SearchSelectPrompt<Value: Sendable & Equatable>: Prompt {
  /// The name of the answer given outside the terminal (`<PREFIX>_<ID>`).
  public var id: String
  /// The question, as asked and as the answer line repeats it.
  public var question: String
  /// The rows for a query, off the main actor.
  public var search: @Sendable (String) async throws -> [Choice<Value>]
  /// The answer when nobody can be asked.
  public var defaultAnswer: Value?
  /// How long typing must pause before a query is searched.
  public var debounce: Duration
  /// The answer line's text for a value.
  public var title: @Sendable (Value) -> String
  /// The most rows shown at once.
  public var pageSize: Int

  /// Asks `question`, its rows what `search` answers for the query typed.
  public init(
    _ question: String, id: String, default defaultAnswer: Value? = nil,
    debounce: Duration = .milliseconds(200), pageSize: Int = 7,
    title: @escaping @Sendable (Value) -> String = { String(describing: $0) },
    search: @escaping @Sendable (String) async throws -> [Choice<Value>]
  ) {
    self.question = question
    self.id = id
    self.defaultAnswer = defaultAnswer
    self.debounce = debounce
    self.pageSize = max(1, pageSize)
    self.title = title
    self.search = search
  }

  /// What the environment variable takes, as an error names it.
  public var answerFormat: String { "name" }
  /// The rows the prompt takes while asked.
  public var rows: Int { pageSize + 2 }

  /// The answer the environment's `text` stands for.
  public func answer(from text: String) async throws(PromptRejection) -> Value {
    let choices: [Choice<Value>]
    do {
      choices = try await search(text)
    } catch {
      throw PromptRejection("the search failed: \(error)")
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
    SearchSelectScreen(
      question: question, theme: theme, debounce: debounce, search: search, submit: submit)
  }
}

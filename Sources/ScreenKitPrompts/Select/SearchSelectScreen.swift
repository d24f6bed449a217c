import ScreenKit
import ScreenKitLoading

/// A ``SearchSelectPrompt`` being asked: a ``ChoiceListScreen`` whose rows are the answer of a
/// keyed `LoadingController` following the query; the controller shows its spinner on the
/// status line while a first answer is awaited.
@MainActor
final class SearchSelectScreen<Value: Sendable>: Screen {
  /// A search's rows, with the query they answer.
  struct Answer: Sendable {
    var query: String
    var choices: [Choice<Value>]
  }

  let list: ChoiceListScreen
  let remote: LoadingController<Answer>
  private let query = LoadKey("")
  /// The answer whose rows the list shows.
  private(set) var shownAnswer: Answer?
  /// Enter was pressed: it waits for the answer to the query typed.
  private var acceptTask: Task<Void, Never>?

  init(
    question: String, theme: PromptTheme, debounce: Duration,
    search: @escaping @Sendable (String) async throws -> [Choice<Value>],
    submit: @escaping @MainActor (Value) -> Void
  ) {
    list = ChoiceListScreen(question: question, theme: theme, rows: [], mode: .single, pointed: nil)
    remote = LoadingController(
      key: query, options: LoadOptions(label: "Searching…", debounce: debounce),
      load: { text in Answer(query: text, choices: try await search(text)) },
      build: { _ in Screen() })
    super.init()
    name = "SearchSelect"
    addChild(list)
    addChild(remote)
    list.onQueryChange = { [weak self] text in self?.query.value = text }
    list.onEnter = { [weak self] in self?.accept() }
    list.onSubmit = { [weak self] indices in
      guard let self, let answer = shownAnswer, let index = indices.first else { return }
      submit(answer.choices[index].value)
    }
    remote.onStateChange = { [weak self] state in self?.searchDidChange(state) }
  }

  override func willDisappear() {
    acceptTask?.cancel()
    acceptTask = nil
  }

  override func handle(_ key: Key) -> Bool {
    guard key == .control("r") else { return false }
    list.message = nil
    remote.reload()
    return true
  }

  private func searchDidChange(_ state: LoadState<Answer>) {
    if let answer = state.value, answer.query != shownAnswer?.query || shownAnswer == nil {
      show(answer)
    }
    list.isStale = shownAnswer.map { $0.query != list.query } ?? false
    if let error = state.error {
      list.message = "the search failed: \(error) (Ctrl-R searches again)"
    }
    setNeedsLayout()
  }

  private func show(_ answer: Answer) {
    shownAnswer = answer
    list.replaceRows(answer.choices.map(ChoiceList.Row.init))
  }

  /// Chooses once the rows are the answer to the query typed; a failed or cancelled search
  /// ends the wait, the prompt still open.
  private func accept() {
    guard acceptTask == nil else { return }
    acceptTask = Task { [weak self] in
      while true {
        guard let self, let answer = try? await remote.valueForCurrentKey() else {
          self?.acceptTask = nil
          return
        }
        // NB: a key typed while it waited made another query current: its answer is awaited.
        guard answer.query == list.query else { continue }
        acceptTask = nil
        if shownAnswer?.query != answer.query { show(answer) }
        list.choosePointed()
        return
      }
    }
  }

  override func layoutChildren() {
    list.frame = bounds
    // NB: the controller shows its spinner on the status line until a first answer; after it,
    // the list's own status line says what there is to say.
    let searching = shownAnswer == nil && remote.loadState.error == nil
    remote.frame =
      searching ? Rect(x: 0, y: max(0, bounds.height - 1), width: bounds.width, height: 1) : .zero
  }
}

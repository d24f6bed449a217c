import ScreenKit

/// A ``StreamingSelectPrompt`` being asked: a ``ChoiceListScreen`` whose rows a task off the
/// main actor feeds through a ``ChoiceInbox``, taken as the first arrives and then on a frame
/// timer until the stream ends.
@MainActor
final class StreamingSelectScreen<Value: Sendable & Equatable>: Screen {
  /// Reads the stream into the inbox, calling `wake` when the select should take at once.
  typealias Feed =
    @Sendable (_ inbox: ChoiceInbox<Value>, _ wake: @escaping @Sendable () -> Void) async -> Void

  /// How often arrived rows are taken while the stream runs: 20 frames a second.
  static var frameInterval: Duration { .milliseconds(50) }

  let list: ChoiceListScreen
  private let feed: Feed
  private let inbox = ChoiceInbox<Value>()
  private let defaultAnswer: Value?
  /// The choices taken, in the order they came: the list's rows, with their values.
  private var choices: [Choice<Value>] = []
  private var reader: Task<Void, Never>?
  /// The stream has ended (or failed): nothing more will come.
  private var hasEnded = false
  private var isPointedAtDefault = false

  init(
    question: String, theme: PromptTheme, defaultAnswer: Value?, feed: @escaping Feed,
    submit: @escaping @MainActor (Value) -> Void
  ) {
    list = ChoiceListScreen(question: question, theme: theme, rows: [], mode: .single, pointed: nil)
    self.feed = feed
    self.defaultAnswer = defaultAnswer
    super.init()
    name = "StreamingSelect"
    list.arrivalNote = "loading…"
    addChild(list)
    list.onSubmit = { [weak self] indices in
      guard let self, let index = indices.first else { return }
      submit(choices[index].value)
    }
  }

  override func didAppear() {
    guard reader == nil, !hasEnded, let stage else { return }
    let scheduler = stage.scheduler
    let inbox = inbox
    let feed = feed
    let wake: @Sendable () -> Void = { [weak self] in scheduler.post { self?.takeArrived() } }
    scheduler.beginTask()
    reader = Task.detached(executorPreference: scheduler.taskExecutor) {
      await feed(inbox, wake)
      scheduler.post { scheduler.endTask() }
    }
    stage.ticker(interval: Self.frameInterval).subscribe(self) { [weak self] _ in
      self?.takeArrived()
    }
  }

  override func willDisappear() {
    reader?.cancel()
    stage?.ticker(interval: Self.frameInterval).unsubscribe(self)
  }

  /// Shows the rows arrived since the last take; once the stream has ended, says how.
  func takeArrived() {
    let (arrived, end) = inbox.take()
    if !arrived.isEmpty {
      let start = choices.count
      choices += arrived
      list.appendRows(arrived.map(ChoiceList.Row.init))
      if !isPointedAtDefault, !list.isTouched, let defaultAnswer,
        let offset = arrived.firstIndex(where: { $0.value == defaultAnswer })
      {
        isPointedAtDefault = true
        list.point(at: start + offset)
      }
    }
    guard let end, !hasEnded else { return }
    hasEnded = true
    stage?.ticker(interval: Self.frameInterval).unsubscribe(self)
    switch end {
    case .finished: list.arrivalNote = nil
    case .failed(let reason): list.arrivalNote = "the rest did not load: \(reason)"
    }
  }

  override func layoutChildren() {
    list.frame = bounds
  }
}

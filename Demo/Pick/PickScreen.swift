import ScreenKit
import ScreenKitLoading
import ScreenKitMatching

/// The fuzzy picker: a prompt, a line with the counts, and the best candidates under it
/// (``PickList``), as fzf's `--layout=reverse`.
///
/// Locally, every key typed ranks the candidates again off the main actor (`FuzzyRanker`,
/// across cores), cancelling the ranking in flight; lines that arrive are ranked as they come,
/// only the new ones. The rows show the last ranking finished, so typing never waits for one;
/// Enter waits for the ranking of what was typed, so the line written is the one the query
/// asked for.
///
/// With a ``PickServer`` (`--remote`), the list is a keyed `LoadingController` following the
/// query: it waits out a debounce, cancels the request in flight, and keeps the last answer on
/// screen, dimmed under the refresh badge, until the answer for the query arrives. Enter waits
/// for that answer (a request still waiting out the debounce is sent at once), the spinner
/// turning, and takes its row: the rows shown may be an older query's, which the query typed
/// may not match. A search that fails leaves the picker open, its error shown.
@MainActor
final class PickScreen: Screen {
  /// Called once, when the user chose, or gave up.
  var onFinish: ((PickOutcome) -> Void)?

  /// The query field.
  let field: TextField
  /// The lines read so far.
  private(set) var candidates = Candidates()
  /// How many of the best lines a ranking keeps at first; the list asks for more near the end.
  private static let firstLimit = 256
  private var limit = firstLimit
  private let workers: Int
  private var isFinished = false

  // Local ranking.
  /// The list, when it ranks locally.
  private var localList: PickList?
  /// The last ranking finished; its query may be behind the field's.
  private var ranking: FuzzyRanking?
  /// The ranking under way, and what it ranks.
  private var rankTask: Task<Void, Never>?
  private var rankingPattern: FuzzyPattern?
  private var rankingChunkCount = 0
  /// Enter was pressed while the query's ranking was under way.
  private var acceptsWhenRanked = false
  /// Enter was pressed and waits for the server's answer to the query typed.
  private var acceptTask: Task<Void, Never>?

  // Remote search.
  private let server: PickServer?
  private let query = LoadKey("")
  private var remote: LoadingController<PickResults>?

  /// The spinner on the count line, turning while lines arrive or a ranking runs.
  private var spinnerFrame = 0
  private var spinnerTicker: FrameTicker?

  /// The rows above the list: the prompt and the count line.
  private static let headerRows = 2
  private static let spinner = SpinnerStyle.dots
  private static let countsArea = Rect(x: 0, y: 1, width: 1000, height: 1)

  /// A picker ranking on `workers` threads, or asking `server` when there is one.
  init(server: PickServer? = nil, workers: Int) {
    self.server = server
    self.workers = workers
    field = TextField(placeholder: "type to filter")
    super.init()
    name = "Pick"
    field.onChange = { [weak self] text in self?.queryDidChange(text) }
    field.onSubmit = { [weak self] _ in self?.accept() }
    field.onCancel = { [weak self] in self?.finish(.cancelled) }
    addChild(field)
    if let server {
      let remote = LoadingController(
        key: query, options: LoadOptions(label: "Searching…", debounce: .milliseconds(150)),
        load: { [limit] text in try await server.search(text, limit: limit) },
        build: { results in PickList(results: results) },
        update: { list, results in list.results = results })
      remote.onStateChange = { [weak self] _ in self?.remoteDidChange() }
      self.remote = remote
      addChild(remote)
    } else {
      let list = PickList(results: PickResults())
      list.onNearEnd = { [weak self] in self?.keepMore() }
      localList = list
      addChild(list)
    }
  }

  /// The list's semantics (its chosen line), which the focused query field has none of: the
  /// accessible mode says the field's text and the line chosen.
  override var semantics: Semantics? {
    localList?.semantics ?? remote?.effectiveSemantics
  }

  /// The list shown, if any yet.
  private var list: PickList? {
    localList ?? remote?.content as? PickList
  }

  /// Takes the lines read so far, which hold those of the last call and maybe more.
  func receive(_ candidates: Candidates) {
    let completes = candidates.isComplete && !self.candidates.isComplete
    self.candidates = candidates
    server?.receive(candidates)
    // NB: the server's answer counted the lines it had then; the last of them count too.
    if completes { remote?.reload() }
    // NB: work starts when the screen appears (`didAppear` ranks): a ranking begun before had
    // no stage's task executor to run on, and ran on the pool, beyond a test's clock.
    if server == nil, rankTask == nil, stage != nil { rank() }
    updateSpinner()
    setNeedsDisplay(in: Self.countsArea)
  }

  override func didAppear() {
    field.becomeFocused()
    if server == nil { rank() }
  }

  override func willDisappear() {
    rankTask?.cancel()
    rankTask = nil
    spinnerTicker?.unsubscribe(self)
    spinnerTicker = nil
  }

  private func queryDidChange(_ text: String) {
    limit = Self.firstLimit
    if server != nil {
      query.value = text
    } else {
      rank()
    }
    setNeedsDisplay(in: Self.countsArea)
  }

  // MARK: Local ranking

  /// Ranks for the query and the lines there are now, unless that ranking is under way or
  /// done; cancels a ranking that is behind.
  private func rank() {
    let pattern = FuzzyPattern(field.text)
    let limit = limit
    if let ranking, ranking.pattern == pattern, ranking.chunkCount == candidates.chunks.count,
      ranking.limit >= limit
    {
      return
    }
    if rankTask != nil, rankingPattern == pattern, rankingChunkCount == candidates.chunks.count {
      return
    }
    rankTask?.cancel()
    let chunks = candidates.chunks
    let previous = ranking
    let workers = workers
    rankingPattern = pattern
    rankingChunkCount = chunks.count
    // NB: on the stage's task executor where it has one (a test's, which runs it on its
    // clock); else on the pool, off the main actor, which keeps drawing.
    let executor = stage?.scheduler.taskExecutor
    rankTask = Task { [weak self] in
      let result = await Task.detached(executorPreference: executor, priority: .userInitiated) {
        await FuzzyRanker.rank(pattern, in: chunks, after: previous, limit: limit, workers: workers)
      }.value
      guard let self, !Task.isCancelled, let result else { return }
      self.rankTask = nil
      self.show(result)
    }
    updateSpinner()
  }

  private func show(_ result: FuzzyRanking) {
    ranking = result
    localList?.results = PickResults(result, of: candidates)
    setNeedsDisplay(in: Self.countsArea)
    if acceptsWhenRanked, result.pattern == FuzzyPattern(field.text) {
      acceptsWhenRanked = false
      accept()
      return
    }
    // Lines came or the query changed while it ran: rank again, from this one.
    rank()
    updateSpinner()
  }

  /// The choice came near the last line kept: keep twice as many.
  private func keepMore() {
    limit *= 2
    rank()
  }

  // MARK: Remote search

  private func remoteDidChange() {
    list?.isStale = remote?.isStale ?? false
    updateSpinner()
    setNeedsDisplay(in: Self.countsArea)
  }

  // MARK: Keys

  override func handle(_ key: Key) -> Bool {
    switch key {
    case .up, .control("p"): list?.move(by: -1)
    case .down, .control("n"): list?.move(by: 1)
    case .pageUp: list?.move(by: -max(1, listHeight - 1))
    case .pageDown: list?.move(by: max(1, listHeight - 1))
    case .control("c"): finish(.cancelled)
    default: return false
    }
    return true
  }

  /// Chooses the selected line once the rows are the query's: locally, once its ranking is
  /// shown; remotely, once the server's answer to it is.
  private func accept() {
    if let remote {
      acceptWhenAnswered(by: remote)
      return
    }
    if ranking?.pattern != FuzzyPattern(field.text) || rankTask != nil {
      acceptsWhenRanked = true
      return
    }
    chooseSelectedLine()
  }

  /// Waits for the answer to the query typed, then chooses from it; a failed search leaves the
  /// picker open under its error, and a cancelled one (Esc) ends the wait.
  private func acceptWhenAnswered(by remote: LoadingController<PickResults>) {
    guard acceptTask == nil else { return }
    acceptTask = Task { [weak self] in
      while true {
        guard let results = try? await remote.valueForCurrentKey(), let self else {
          self?.acceptTask = nil
          return
        }
        // NB: this task resumes after the answer is shown; a key typed in between is the
        // query now, and its answer is waited for in turn.
        guard results.pattern == FuzzyPattern(self.field.text) else { continue }
        self.acceptTask = nil
        self.chooseSelectedLine()
        return
      }
    }
  }

  private func chooseSelectedLine() {
    finish(list?.selectedLine.map { .chosen($0) } ?? .noMatch)
  }

  private func finish(_ outcome: PickOutcome) {
    guard !isFinished else { return }
    isFinished = true
    rankTask?.cancel()
    acceptTask?.cancel()
    remote?.cancelLoad()
    onFinish?(outcome)
  }

  // MARK: Spinner

  private var isBusy: Bool {
    !candidates.isComplete || rankTask != nil || remote?.loadState.isInFlight == true
  }

  private func updateSpinner() {
    if isBusy, spinnerTicker == nil, let stage {
      let ticker = stage.ticker(interval: Self.spinner.frameInterval)
      spinnerTicker = ticker
      ticker.subscribe(self) { [weak self] frame in
        guard let self else { return }
        self.spinnerFrame = frame % Self.spinner.frames.count
        self.setNeedsDisplay(in: Rect(x: 0, y: 1, width: 2, height: 1))
      }
    } else if !isBusy, let ticker = spinnerTicker {
      ticker.unsubscribe(self)
      spinnerTicker = nil
      setNeedsDisplay(in: Self.countsArea)
    }
  }

  // MARK: Layout and drawing

  private var listHeight: Int { max(0, bounds.height - Self.headerRows) }

  override func layoutChildren() {
    field.frame = Rect(x: 2, y: 0, width: max(0, bounds.width - 2), height: min(1, bounds.height))
    let listFrame = Rect(x: 0, y: Self.headerRows, width: bounds.width, height: listHeight)
    localList?.frame = listFrame
    remote?.frame = listFrame
  }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText(">", at: Point(x: 0, y: 0), style: .bold)
    guard bounds.height > 1 else { return }
    if isBusy {
      canvas.drawText(Self.spinner.frames[spinnerFrame], at: Point(x: 0, y: 1), style: .dim)
    }
    let shown = list?.results
    var counts = "\(shown?.matchCount ?? 0)/\(candidates.lineCount)"
    if shown?.pattern != FuzzyPattern(field.text) { counts += " …" }
    canvas.drawText(counts, at: Point(x: 2, y: 1), style: Style(foreground: .yellow))
    let rule = max(0, bounds.width - 3 - counts.count)
    canvas.drawText(
      String(repeating: "─", count: rule), at: Point(x: 3 + counts.count, y: 1), style: .dim)
  }
}

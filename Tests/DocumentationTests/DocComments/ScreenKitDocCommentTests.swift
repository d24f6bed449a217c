// swift-format-ignore-file
import ScreenKit
import ScreenKitLoading
import ScreenKitTerminal
import ScreenKitTesting
import Testing

// snippet: doc-environment-key
private struct AccentKey: EnvironmentKey {
  static var defaultValue: Color { .cyan }
}
extension EnvironmentValues {
  var accent: Color {
    get { self[AccentKey.self] }
    set { self[AccentKey.self] = newValue }
  }
}
// end-snippet

/// The Swift blocks of ScreenKit's doc comments, each with what it assumes around it; the
/// suite below runs them.
@MainActor enum ScreenKitDocComments {
  // snippet: doc-screen
  final class Greeting: Screen {
    override func draw(in canvas: inout Canvas) {
      canvas.drawText("Hello", at: Point(x: 1, y: 0), style: .bold)
    }
  }
  // end-snippet

  /// A screen for a row, as `NavigationScreen`'s example pushes it.
  final class EpisodeDetail: Screen {
    init(_ row: any ListRowDisplayable) {
      super.init()
      title = row.title
    }
  }

  /// A screen for a loaded episode, as `LoadCache`'s example builds it.
  final class EpisodeScreen: Screen {
    let episode: Episode
    init(_ episode: Episode) {
      self.episode = episode
      super.init()
    }
    override func draw(in canvas: inout Canvas) { canvas.drawText(episode.title, at: .zero) }
  }

  /// A list of loaded episodes, as `LoadingController`'s example builds it.
  final class EpisodeList: Screen {
    let episodes: [Episode]
    init(_ episodes: [Episode]) {
      self.episodes = episodes
      super.init()
    }
  }

  /// A screen of search results, as `Loading`'s `load(key:)` example loads them.
  final class SearchResults: Screen, Loading {
    let screenLoad = ScreenLoad<[Episode]>()
    let query: LoadKey<String>
    private(set) var episodes: [Episode] = []
    init(query: LoadKey<String>) {
      self.query = query
      super.init()
    }
    func configure(value: [Episode]) { episodes = value }

    // snippet: doc-loading-load-key
    override func didAppear() {
      load(key: query, options: LoadOptions(debounce: .milliseconds(250))) { text in
        try await catalogue.search(text)
      }
    }
    // end-snippet
  }

  /// Wakes the host program's loop, as `ScreenHost`'s example has it.
  final class WakePipe: Sendable {
    func signal() {}
  }

  /// What a search field filters, as `TextField`'s example has it.
  final class SearchFilter {
    var query = ""
    func filter(_ text: String) { query = text }
  }

  static func searchField(
    results: SearchFilter, open: @escaping @MainActor (String) -> Void
  ) -> TextField {
    // snippet: doc-text-field
    let search = TextField(placeholder: "Search", prompt: "> ")
    search.onChange = { text in results.filter(text) }
    search.onSubmit = { text in open(text) }
    // end-snippet
    return search
  }

  static func overlay(on list: ListScreen) {
    // snippet: doc-present-overlay
    list.presentOverlay(TextScreen(text: "Delete 3 episodes? (y/n)"), title: "Confirm")
    // end-snippet
  }

  static func split(controllerVariant: Screen, protocolVariant: Screen) -> SplitScreen {
    // snippet: doc-split-screen
    let split = SplitScreen(axis: .horizontal, panes: [controllerVariant, protocolVariant])
    // end-snippet
    return split
  }

  static func list(swiftBasics: EpisodeCollection) -> ListScreen {
    // snippet: doc-list-row
    struct Episode: ListRowDisplayable {
      var title: String
      var minutes: Int
      var detail: String? { "\(minutes) min" }
    }
    let list = ListScreen(rows: [Episode(title: "Networking", minutes: 19), swiftBasics])
    // end-snippet
    return list
  }

  static func navigation(episodesList: ListScreen) -> NavigationScreen {
    // snippet: doc-navigation-screen
    let navigation = NavigationScreen(root: episodesList)
    episodesList.onActivate = { [unowned navigation] _, row in
      navigation.push(EpisodeDetail(row))
    }
    // end-snippet
    return navigation
  }

  static func cachedDetail() -> LoadingController<Episode> {
    // snippet: doc-load-cache
    let details = LoadCache<Int, Episode>(timeToLive: .seconds(300), countLimit: 50)
    let detail = LoadingController(
      load: { try await catalogue.episode(7) }, cache: details.slot(for: 7)
    ) { EpisodeScreen($0) }
    // end-snippet
    return detail
  }

  static func searchResults() -> (LoadKey<String>, LoadingController<[Episode]>) {
    // snippet: doc-load-key
    let query = LoadKey("")
    let results = LoadingController(
      key: query, options: LoadOptions(debounce: .milliseconds(250)),
      load: { text in try await catalogue.search(text) }
    ) { episodes in EpisodeList(episodes) }
    query.value = "Swift"
    // end-snippet
    return (query, results)
  }

  /// Opens the first result for the query typed on Enter, as `valueForCurrentKey()`'s example
  /// has it.
  static func openOnEnter(
    field: TextField, results: LoadingController<[Episode]>,
    open: @escaping @MainActor (Episode?) -> Void
  ) {
    // snippet: doc-value-for-current-key
    field.onSubmit = { _ in
      Task {
        guard let episodes = try? await results.valueForCurrentKey() else { return }
        open(episodes.first)
      }
    }
    // end-snippet
  }

  static func refreshingEpisodes() -> LoadingController<[Episode]> {
    // snippet: doc-load-options-refresh
    var options = LoadOptions()
    options.refreshOnFocus = .ifOlderThan(.seconds(30))
    options.refreshInterval = .seconds(60)
    let episodes = LoadingController(load: { try await catalogue.episodes() }, options: options) {
      EpisodeList($0)
    }
    // end-snippet
    return episodes
  }

  static func pushEpisodes(on navigation: NavigationScreen) {
    // snippet: doc-loading-controller
    let episodes = LoadingController(load: { try await catalogue.episodes() }) { episodes in
      EpisodeList(episodes)
    }
    navigation.push(episodes)
    // end-snippet
  }

  /// The text `FrameChanges`'s example writes, by row, for one frame of `stage`.
  static func written(by stage: Stage) -> [Int: String] {
    var rows: [Int: String] = [:]
    var cursor = Point.zero
    func moveCursor(to point: Point) { cursor = point }
    func write(_ cell: Cell) { rows[cursor.y, default: ""].append(cell.character) }
    // snippet: doc-frame-changes
    let changes = stage.frame()
    let grid = stage.canvas.grid
    for run in changes.runs {
      moveCursor(to: Point(x: run.x, y: run.y))
      for cell in grid.cells(in: run) where !cell.isContinuation { write(cell) }
    }
    // end-snippet
    return rows
  }

  /// What `Stage`'s example writes: the changed cells of each run, by row.
  static func stageFrame() -> [Int: String] {
    final class Output {
      var rows: [Int: String] = [:]
      func write(_ cells: ArraySlice<Cell>, x: Int, y: Int) {
        rows[y, default: ""] += String(cells.filter { !$0.isContinuation }.map(\.character))
      }
    }
    typealias MyScreen = Greeting
    let output = Output()
    // snippet: doc-stage
    let host = ScreenHost(root: MyScreen(), size: Size(width: 80, height: 24))
    host.handle(.key(.down))
    let stage = host.stage
    let changes = stage.frame()   // the cells of `stage.canvas.grid` that changed
    for run in changes.runs { output.write(stage.canvas.grid.cells(in: run), x: run.x, y: run.y) }
    // end-snippet
    return output.rows
  }

  /// One turn of `ScreenHost`'s example program: the text of the frame it writes, by row.
  static func hostTurn(bytesRead: [UInt8], paneSize: Size) -> [Int: String] {
    typealias StatusScreen = Greeting
    let stdin: Int32 = 0
    let wakePipe = WakePipe()
    let paneOrigin = Point(x: 0, y: 0)
    var rows: [Int: String] = [:]
    func poll(_ sources: [any Sendable], timeout: Duration?) {}
    func write(_ changes: FrameChanges, of grid: CellGrid, at origin: Point) {
      for run in changes.runs {
        rows[origin.y + run.y, default: ""] += String(grid.cells(in: run).map(\.character))
      }
    }
    // snippet: doc-screen-host
    let host = ScreenHost(root: StatusScreen(), size: paneSize, wake: { wakePipe.signal() })
    let input = HostInputDecoder(host: host)
    // in the program's loop:
    poll([stdin, wakePipe], timeout: host.timeUntilNextDeadline)
    for event in input.decode(bytes: bytesRead) { host.handle(event) }
    host.tick()
    if host.needsFrame { write(host.frame(), of: host.grid, at: paneOrigin) }
    // end-snippet
    return rows
  }

  /// `InputDecoder`'s example on `bytes`: the events it hands on.
  static func decode(_ bytes: [UInt8], clock: ScreenClock) -> [InputEvent] {
    // snippet: doc-input-decoder
    var decoder = InputDecoder()
    var events = decoder.decode(bytes, at: clock.now)
    if let deadline = decoder.deadline, clock.now >= deadline {
      events += decoder.flush()   // no more bytes came in time: a lone Escape is the Escape key
    }
    // end-snippet
    return events
  }
}

/// What the doc comments' examples say they do.
@MainActor @Suite struct ScreenKitDocCommentTests {
  private typealias Examples = ScreenKitDocComments

  @Test func theGreetingDrawsHelloOneCellIn() {
    let stage = Stage(root: Examples.Greeting(), size: Size(width: 8, height: 1))
    stage.mount()
    stage.frame()
    #expect(stage.canvas.grid.lines == [" Hello  "])
  }

  @Test func theSearchFieldFiltersAsItIsTypedAndOpensOnEnter() async {
    let results = Examples.SearchFilter()
    var opened: [String] = []
    let search = Examples.searchField(results: results) { opened.append($0) }
    let harness = ScreenHarness(root: search, size: Size(width: 12, height: 1))
    #expect(harness.lines == ["> Search    "])
    harness.type("swift")
    #expect(results.query == "swift")
    #expect(harness.lines == ["> swift     "])
    harness.press(.enter)
    #expect(opened == ["swift"])
    await harness.finish()
  }

  @Test func theOverlayShowsItsTitleAndText() async {
    let list = ListScreen(rows: [Episode(title: "Networking")])
    let harness = ScreenHarness(root: list, size: Size(width: 40, height: 8))
    Examples.overlay(on: list)
    await harness.settle()
    #expect(harness.contains("Confirm"))
    // NB: the overlay wraps its text to its width.
    #expect(harness.contains("Delete 3 episodes?"))
    #expect(harness.contains("(y/n)"))
    await harness.finish()
  }

  @Test func theSplitShowsBothPanes() async {
    let split = Examples.split(
      controllerVariant: TextScreen(text: "container"), protocolVariant: TextScreen(text: "protocol"))
    let harness = ScreenHarness(root: split, size: Size(width: 40, height: 4))
    #expect(harness.contains("container"))
    #expect(harness.contains("protocol"))
    await harness.finish()
  }

  @Test func rowsOfTwoTypesShowSideBySide() async {
    let list = Examples.list(swiftBasics: EpisodeCollection(title: "Swift Basics"))
    let harness = ScreenHarness(root: list, size: Size(width: 40, height: 4))
    #expect(harness.contains("Networking"))
    #expect(harness.contains("19 min"))
    #expect(harness.contains("Swift Basics"))
    #expect(harness.contains("8 episodes"))
    await harness.finish()
  }

  @Test func enterOnARowPushesItsDetail() async {
    let list = ListScreen(rows: [Episode(title: "Networking")])
    let navigation = Examples.navigation(episodesList: list)
    let harness = ScreenHarness(root: navigation, size: Size(width: 40, height: 6))
    harness.press(.enter)
    await harness.settle()
    #expect(navigation.topScreen is Examples.EpisodeDetail)
    #expect(harness.contains("Networking"))
    await harness.finish()
  }

  @Test func theFrameChangesWriteWhatTheFrameDrew() {
    let stage = Stage(root: Examples.Greeting(), size: Size(width: 8, height: 2))
    stage.mount()
    let written = Examples.written(by: stage)
    #expect(written[0]?.contains("Hello") == true)
  }

  @Test func theStageExampleWritesTheFirstFrame() {
    let written = Examples.stageFrame()
    #expect(written[0]?.hasPrefix(" Hello") == true)
    #expect(written.count == 24, "a first frame repaints every row")
  }

  @Test func theHostsTurnWritesItsFirstFrame() {
    let written = Examples.hostTurn(bytesRead: Array("x".utf8), paneSize: Size(width: 8, height: 1))
    #expect(written[0] == " Hello  ")
  }

  @Test func theDecoderHandsOnKeysAndHoldsALoneEscape() {
    #expect(Examples.decode(Array("a".utf8), clock: .continuous) == [.key("a")])
    #expect(Examples.decode([0x1B], clock: .continuous).isEmpty)
  }
}

import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTerminal
import ScreenKitTesting
import Testing

/// The lines the accessible mode writes, frame after frame: a screen that appears whole, a
/// move as its new item alone, a load once and then what came, and no drawing glyph.
@MainActor
@Suite struct SemanticsAnnouncerTests {
  private struct Row: ListRowDisplayable {
    var title: String
    var detail: String?
  }

  private static let episodes: [any ListRowDisplayable] = [
    Row(title: "Swift Basics"), Row(title: "Concurrency", detail: "2017-06-16"),
    Row(title: "Testing"),
  ]

  /// A titled screen holding a list, as the demo's episodes browser.
  private final class Titled: Screen {
    init(_ title: String, _ child: Screen) {
      super.init()
      self.title = title
      addChild(child)
    }
  }

  @Test func aScreenThatAppearsSaysItsTitleRoleAndItemAMoveOnlyTheNewItem() async {
    let list = ListScreen(rows: Self.episodes)
    let harness = ScreenHarness(
      root: NavigationScreen(root: Titled("Episodes", list)), size: Size(width: 80, height: 24))
    var announcer = SemanticsAnnouncer()
    #expect(
      announcer.lines(after: harness.stage)
        == ["Episodes, list, 3 items, 1 of 3: Swift Basics"])
    #expect(announcer.lines(after: harness.stage).isEmpty, "nothing changed, nothing said")
    harness.press(.down)
    #expect(
      announcer.lines(after: harness.stage) == ["Concurrency"],
      "a move says the label alone: no position, no detail")
    harness.press(.down)
    #expect(announcer.lines(after: harness.stage) == ["Testing"])
    harness.press(.down)
    #expect(announcer.lines(after: harness.stage).isEmpty, "the end: no move, nothing said")
    announcer.reset()
    #expect(announcer.lines(after: harness.stage) == ["Episodes, list, 3 items, 3 of 3: Testing"])
    await harness.finish()
  }

  @Test func aLoadSaysLoadingOnceThenTheErrorWithItsKeysThenWhatCame() async {
    let loader = FakeLoader<[String]>()
    let controller = LoadingController(
      source: loader.source(.async),
      build: { (titles: [String]) in
        Titled("Episodes", ListScreen(rows: titles.map { Row(title: $0) }))
      })
    controller.title = "Episodes"
    let harness = ScreenHarness(
      root: NavigationScreen(root: controller), size: Size(width: 80, height: 24))
    var announcer = SemanticsAnnouncer()
    var said: [String] = []
    for _ in 0..<10 {
      await harness.advance(by: .milliseconds(100))
      said += announcer.lines(after: harness.stage)
    }
    #expect(said == ["Episodes: Loading…"], "once, however many frames the spinner turns")
    loader.reject(SampleFailure())
    await harness.advance(by: .milliseconds(400))
    #expect(
      announcer.lines(after: harness.stage)
        == ["Could not load, alert, Network unreachable, keys: r retry"])
    harness.press(.character("r"))
    await harness.advance(by: .milliseconds(300))
    #expect(announcer.lines(after: harness.stage) == ["Episodes: Loading…"])
    loader.resolve(["Swift Basics", "Concurrency"])
    await harness.advance(by: .milliseconds(600))
    #expect(
      announcer.lines(after: harness.stage)
        == ["Loaded, Episodes, list, 2 items, 1 of 2: Swift Basics"])
    await harness.finish()
  }

  @Test func aFieldThatFiltersAListSaysItsTextAndTheItemChosen() async {
    let field = TextField(placeholder: "type to filter")
    let picker = Picker(field: field, rows: Self.episodes)
    let harness = ScreenHarness(root: picker, size: Size(width: 80, height: 10))
    #expect(field.becomeFocused())
    var announcer = SemanticsAnnouncer()
    #expect(
      announcer.lines(after: harness.stage)
        == ["Pick, field, empty, type to filter, 1 of 3: Swift Basics"])
    harness.type("s")
    #expect(announcer.lines(after: harness.stage) == ["Pick, field, s, 1 of 3: Swift Basics"])
    picker.list.select(1)
    #expect(announcer.lines(after: harness.stage) == ["Concurrency"])
    announcer.reset()
    #expect(
      announcer.lines(after: harness.stage)
        == ["Pick, field, s, 2 of 3: Concurrency, 2017-06-16"], "said whole, with its detail")
    await harness.finish()
  }

  @Test func rowsThatComeSayTheFirstItemWholeOnceAndMoreRowsNothing() async {
    let field = TextField(placeholder: "type to filter")
    let picker = Picker(field: field, rows: [])
    let harness = ScreenHarness(root: picker, size: Size(width: 80, height: 10))
    #expect(field.becomeFocused())
    var announcer = SemanticsAnnouncer()
    #expect(announcer.lines(after: harness.stage) == ["Pick, field, empty, type to filter"])
    picker.list.rows = Array(Self.episodes.prefix(2))
    #expect(
      announcer.lines(after: harness.stage) == ["1 of 2: Swift Basics"],
      "an item where there was none is said whole, not as a move")
    picker.list.rows = Self.episodes
    #expect(announcer.lines(after: harness.stage).isEmpty, "more rows alone: nothing to say")
    picker.list.select(2)
    #expect(announcer.lines(after: harness.stage) == ["Testing"])
    await harness.finish()
  }

  /// Work going on where nothing takes keys: the root, unfocused, says it.
  private final class Progress: Screen {
    var percent = 0
    override var semantics: Semantics? {
      Semantics(role: .progress, label: "Installing", value: "\(percent) %", states: [.busy])
    }
  }

  @Test func whereNothingHasFocusTheRootSaysWhatItIs() async {
    let progress = Progress()
    let harness = ScreenHarness(root: progress, size: Size(width: 40, height: 1))
    var announcer = SemanticsAnnouncer()
    #expect(harness.stage.focusedScreen == nil)
    #expect(announcer.lines(after: harness.stage) == ["Installing, 0 %"])
    #expect(announcer.lines(after: harness.stage).isEmpty)
    progress.percent = 10
    #expect(announcer.lines(after: harness.stage) == ["Installing, 10 %"])
    let plain = ScreenHarness(root: Screen(), size: Size(width: 40, height: 1))
    #expect(announcer.lines(after: plain.stage).isEmpty, "a root that says nothing: nothing")
    await harness.finish()
    await plain.finish()
  }

  @Test func wordsReplaceSymbolsAndNoDrawingGlyphIsLeft() {
    #expect(SemanticsAnnouncer.words("Testing, ✔") == "Testing, done")
    #expect(SemanticsAnnouncer.words("✖ Could not load") == "failed Could not load")
    #expect(SemanticsAnnouncer.words("↑↓ move") == "up down move")
    #expect(SemanticsAnnouncer.words("▸ Collections") == "Collections")
    let drawn = "│ ─ ┌┐ █ ▓ ⠋⠙⠹ kept"
    let said = SemanticsAnnouncer.words(drawn)
    #expect(said == "kept")
    #expect(
      !said.unicodeScalars.contains {
        (0x2500...0x259F).contains($0.value) || (0x2800...0x28FF).contains($0.value)
      })
  }

  /// A query field over a list, as a picker: the field has focus, the list its item.
  private final class Picker: Screen {
    let list: ListScreen

    init(field: TextField, rows: [any ListRowDisplayable]) {
      list = ListScreen(rows: rows)
      super.init()
      title = "Pick"
      addChild(field)
      addChild(list)
    }

    override var semantics: Semantics? { list.semantics }

    override func layoutChildren() {
      children[0].frame = Rect(x: 0, y: 0, width: bounds.width, height: 1)
      list.frame = Rect(x: 0, y: 1, width: bounds.width, height: bounds.height - 1)
    }
  }

  private struct SampleFailure: Error, CustomStringConvertible {
    var description: String { "Network unreachable" }
  }
}

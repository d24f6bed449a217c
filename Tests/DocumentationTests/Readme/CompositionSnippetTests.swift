// swift-format-ignore-file
import ScreenKit
import ScreenKitTesting
import Testing

/// A detail for any row: its title.
final class DetailScreen: Screen {
  let row: any ListRowDisplayable
  init(_ row: any ListRowDisplayable) {
    self.row = row
    super.init()
    title = row.title
  }
  override func draw(in canvas: inout Canvas) { canvas.drawText("Detail: " + row.title, at: .zero) }
}

/// README, "Composition screens", with the rows and notes it assumes.
@MainActor func composition(
  swiftBasics: EpisodeCollection, episode1: Episode, episode2: Episode, notes: String
) -> (list: ListScreen, navigation: NavigationScreen, split: SplitScreen) {
  // snippet: readme-composition
  let list = ListScreen(rows: [swiftBasics, episode1, episode2])   // any ListRowDisplayable, mixed
  let navigation = NavigationScreen(root: list)   // title bar, breadcrumb, key-hint bar
  list.onActivate = { _, row in navigation.push(DetailScreen(row)) }
  let split = SplitScreen(axis: .horizontal, panes: [navigation, TextScreen(text: notes)])
  split.presentOverlay(TextScreen(text: "Delete?"), title: "Confirm")   // modal, Esc closes
  // end-snippet
  return (list, navigation, split)
}

@MainActor @Suite struct CompositionSnippetTests {
  private let screens = composition(
    swiftBasics: EpisodeCollection(title: "Swift Basics"),
    episode1: Episode(title: "Networking", minutes: 19),
    episode2: Episode(title: "Loading View Controllers", minutes: 26),
    notes: "Notes on the session")

  @Test func theOverlayIsModalAndEscClosesIt() async {
    let harness = ScreenHarness(root: screens.split, size: Size(width: 100, height: 12))
    #expect(harness.contains("Confirm"))
    #expect(harness.contains("Delete?"))
    harness.press(.down)
    #expect(harness.contains("Delete?"))
    harness.press(.escape)
    await harness.settle()
    #expect(!harness.contains("Delete?"))
    await harness.finish()
  }

  @Test func theListUnderTheOverlayDoesNotMoveOnDown() async {
    let harness = ScreenHarness(root: screens.split, size: Size(width: 100, height: 12))
    let before = harness.lines
    #expect(before.contains { $0.hasPrefix("› Swift Basics") })
    harness.press(.down)
    await harness.settle()
    #expect(harness.lines == before, "the covered list gets no keys")
    #expect(!harness.lines.contains { $0.hasPrefix("› Networking") })
    await harness.finish()
  }

  @Test func theNavigationShowsATitleBarABreadcrumbAndAKeyHintBar() async {
    let harness = ScreenHarness(root: screens.split, size: Size(width: 100, height: 12))
    harness.press(.escape)
    await harness.settle()
    #expect(harness.lines[1].hasPrefix(" ListScreen "), "the breadcrumb names the root")
    #expect(harness.lines[11].hasPrefix(" ↑↓ move  Enter open  ? help "), "the list's key hints")
    harness.press(.down, .enter)
    await harness.settle()
    #expect(harness.lines[0].hasPrefix(" Networking "), "the title bar names the top screen")
    #expect(harness.lines[1].hasPrefix(" ListScreen › Networking "), "the breadcrumb, root first")
    #expect(harness.lines[11].hasPrefix(" Esc back  ? help "), "the detail's key hints")
    await harness.finish()
  }

  @Test func mixedRowsShowAndEnterPushesADetailThatEscPops() async {
    let harness = ScreenHarness(root: screens.split, size: Size(width: 100, height: 12))
    harness.press(.escape)
    await harness.settle()
    #expect(harness.contains("Swift Basics"))
    #expect(harness.contains("8 episodes"))
    #expect(harness.contains("Networking"))
    #expect(harness.contains("Notes on the session"))
    harness.press(.down, .enter)
    await harness.settle()
    #expect(screens.navigation.topScreen is DetailScreen)
    #expect(harness.contains("Detail: Networking"))
    harness.press(.escape)
    await harness.settle()
    #expect(screens.navigation.topScreen === screens.list)
    await harness.finish()
  }
}

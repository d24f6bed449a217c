import ScreenKit
import ScreenKitTesting
import Testing

extension Navigation {
  @MainActor
  @Suite struct ListScreenTests {
    private func numberedRows(_ count: Int) -> [any ListRowDisplayable] {
      (0..<count).map { PlainRow(title: "Row \($0)") }
    }

    @Test func showsDifferentModelTypesSideBySide() async {
      let rows: [any ListRowDisplayable] = [
        Episode(title: "Intro", minutes: 12),
        EpisodeCollection(title: "Swift Talk", episodeCount: 42),
      ]
      let harness = ScreenHarness(root: ListScreen(rows: rows), size: Size(width: 30, height: 3))
      expectScreen(
        harness,
        [
          "› Intro  12 min",
          "  Swift Talk" + String(repeating: " ", count: 15) + "42",
        ])
      await harness.finish()
    }

    @Test func detailIsDimmedAndTheFocusedSelectionReversed() async {
      let list = ListScreen(rows: [Episode(title: "Intro", minutes: 12), PlainRow(title: "Next")])
      let harness = ScreenHarness(root: list, size: Size(width: 30, height: 3))
      #expect(harness.style(x: 9, y: 0).attributes.contains(.dim))
      #expect(harness.style(x: 2, y: 0).attributes.contains(.reverse))
      #expect(!harness.style(x: 2, y: 1).attributes.contains(.reverse))
      await harness.finish()
    }

    @Test func longAndCJKTitlesAreTruncatedByCellWidth() async {
      let rows: [any ListRowDisplayable] = [
        PlainRow(title: "A very long title indeed"),
        PlainRow(title: "你好世界你好世界"),
      ]
      let harness = ScreenHarness(root: ListScreen(rows: rows), size: Size(width: 12, height: 2))
      expectScreen(harness, ["› A very l…", "  你好世界…"])
      await harness.finish()
    }

    @Test func arrowsAndJKMoveTheSelection() async {
      let list = ListScreen(rows: numberedRows(5))
      let harness = ScreenHarness(root: list, size: Size(width: 20, height: 5))
      harness.press(.down, "j")
      #expect(list.selectedIndex == 2)
      harness.press(.up)
      #expect(list.selectedIndex == 1)
      harness.press("k", "k")
      #expect(list.selectedIndex == 0)
      await harness.finish()
    }

    @Test func pageKeysHomeAndEndJump() async {
      let list = ListScreen(rows: numberedRows(20))
      let harness = ScreenHarness(root: list, size: Size(width: 20, height: 5))
      harness.press(.pageDown)
      #expect(list.selectedIndex == 5)
      harness.press(.end)
      #expect(list.selectedIndex == 19)
      harness.press(.pageUp)
      #expect(list.selectedIndex == 14)
      harness.press(.home)
      #expect(list.selectedIndex == 0)
      await harness.finish()
    }

    @Test func selectionStaysVisibleWhenTheListScrolls() async {
      let list = ListScreen(rows: numberedRows(100))
      let harness = ScreenHarness(root: list, size: Size(width: 20, height: 3))
      harness.press(.down, .down, .down)
      #expect(list.scrollOffset == 1)
      expectScreen(harness, ["  Row 1", "  Row 2", "› Row 3"])
      harness.press(.end)
      expectScreen(harness, ["  Row 97", "  Row 98", "› Row 99"])
      harness.press(.pageUp)
      expectScreen(harness, ["› Row 96", "  Row 97", "  Row 98"])
      await harness.finish()
    }

    @Test func selectionStaysVisibleWhenTheListGetsShorter() async {
      let list = ListScreen(rows: numberedRows(100))
      let harness = ScreenHarness(root: list, size: Size(width: 20, height: 10))
      list.select(9)
      harness.resize(to: Size(width: 20, height: 4))
      #expect(harness.lines[3].hasPrefix("› Row 9"))
      await harness.finish()
    }

    @Test func enterReportsTheSelectedRow() async {
      let list = ListScreen(rows: [PlainRow(title: "One"), Episode(title: "Two", minutes: 3)])
      var activated: [String] = []
      var selected: [Int] = []
      list.onActivate = { index, row in activated.append("\(index) \(row.title)") }
      list.onSelect = { index, _ in selected.append(index) }
      let harness = ScreenHarness(root: list, size: Size(width: 20, height: 3))
      harness.press(.down, .enter)
      #expect(activated == ["1 Two"])
      #expect(selected == [1])
      #expect((list.selectedRow as? Episode)?.minutes == 3)
      await harness.finish()
    }

    @Test func emptyListShowsItsMessage() async {
      let list = ListScreen(rows: [], emptyMessage: "No episodes")
      let harness = ScreenHarness(root: list, size: Size(width: 21, height: 3))
      expectScreen(harness, ["", "     No episodes", ""])
      #expect(list.selectedIndex == nil)
      #expect(!harness.press(.down))
      await harness.finish()
    }

    @Test func drawingAMillionRowsCostsNoMoreThanAHundred() async {
      let smallReads = TitleReads()
      let hugeReads = TitleReads()
      let small = ListScreen(rows: (0..<100).map { CountingRow(index: $0, reads: smallReads) })
      let huge = ListScreen(rows: (0..<1_000_000).map { CountingRow(index: $0, reads: hugeReads) })
      let smallHarness = ScreenHarness(root: small, size: Size(width: 30, height: 10))
      let hugeHarness = ScreenHarness(root: huge, size: Size(width: 30, height: 10))
      #expect(huge.rowDrawCount == 10)
      #expect(huge.rowDrawCount == small.rowDrawCount)
      #expect(hugeReads.count == smallReads.count)
      #expect(hugeReads.count == 10)
      hugeHarness.press(.end)
      #expect(huge.rowDrawCount == 20)
      #expect(hugeHarness.lines[9].hasPrefix("› Row 999999"))
      await smallHarness.finish()
      await hugeHarness.finish()
    }

    @Test func movingTheSelectionRedrawsOnlyTheTwoAffectedRows() async {
      let list = ListScreen(rows: numberedRows(100))
      let harness = ScreenHarness(root: list, size: Size(width: 20, height: 10))
      let before = list.rowDrawCount
      harness.press(.down)
      #expect(list.rowDrawCount - before == 2)
      #expect(harness.lastFrameDrawCount == 2)
      await harness.finish()
    }

    @Test func replacingRowsKeepsTheSelectionOnTheSameRow() async {
      let list = ListScreen(rows: ["A", "B", "C", "D"].map(PlainRow.init))
      let harness = ScreenHarness(root: list, size: Size(width: 20, height: 5))
      list.select(2)
      list.rows = ["New", "A", "B", "C", "D"].map(PlainRow.init)
      #expect(list.selectedRow?.title == "C")
      list.rows = ["New", "A"].map(PlainRow.init)
      #expect(list.selectedIndex == 1)
      list.rows = []
      #expect(list.selectedIndex == nil)
      await harness.finish()
    }

    @Test func listHintsAppearInANavigationHintBar() async {
      let navigation = NavigationScreen(root: ListScreen(rows: numberedRows(3)))
      let harness = ScreenHarness(root: navigation, size: Size(width: 40, height: 5))
      #expect(harness.lines[4].hasPrefix(" ↑↓ move  Enter open  ? help"))
      await harness.finish()
    }
  }
}

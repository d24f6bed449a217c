import ScreenKit
import ScreenKitTesting
import Testing

/// Where the terminal's cursor rests after each frame, as a screen reader or a braille display
/// finds it: on the focused element, whatever shows it on the screen.
extension Navigation {
  @MainActor @Suite struct FocusPointTests {
    private let rows: [any ListRowDisplayable] = (1...20).map { PlainRow(title: "Row \($0)") }

    @Test func theCursorRestsOnTheSelectedRowsMarkerAsItMovesAndScrolls() async {
      let list = ListScreen(rows: rows)
      let harness = ScreenHarness(root: list, size: Size(width: 20, height: 5))
      #expect(harness.focus == harness.position(of: "›"))
      #expect(harness.focus == Point(x: 0, y: 0))
      for key: Key in [.down, .down, .down, .down, .down, .down, .end, .up, .pageUp, .home] {
        harness.press(key)
        #expect(harness.focus == harness.position(of: "›"), "after \(key)")
      }
      #expect(harness.cursor == nil, "a list has no insertion point to show")
      await harness.finish()
    }

    @Test func aListScrolledAwayFromItsSelectionRestsTheCursorAtItsTopLeft() async {
      let list = ListScreen(rows: rows)
      let holder = Screen()
      holder.addChild(list)
      let harness = ScreenHarness(root: holder, size: Size(width: 20, height: 5))
      list.frame = Rect(x: 2, y: 1, width: 18, height: 4)
      harness.scroll(x: 3, y: 2, by: 2)
      #expect(!harness.contains("›"))
      #expect(harness.focus == Point(x: 2, y: 1))
      await harness.finish()
    }

    @Test func aTextFieldsFocusIsItsInsertionPoint() async {
      let field = TextField(prompt: "> ")
      let harness = ScreenHarness(root: field, size: Size(width: 14, height: 1))
      harness.type("abc")
      #expect(harness.cursor == Point(x: 5, y: 0))
      #expect(harness.focus == harness.cursor)
      await harness.finish()
    }

    @Test func inANavigationStackTheFocusFollowsTheTopScreen() async {
      let list = ListScreen(rows: rows)
      let navigation = NavigationScreen(root: list)
      list.onActivate = { _, row in navigation.push(TextScreen(text: row.title)) }
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 8))
      harness.press(.down, .down)
      #expect(harness.focus == harness.position(of: "›"))
      harness.press(.enter)
      // The text screen takes focus: the cursor rests on its first cell, under the title bar.
      #expect(harness.focus == harness.position(of: "Row 3"))
      harness.press(.escape)
      #expect(harness.focus == harness.position(of: "›"))
      await harness.finish()
    }

    @Test func anOverlayTakesTheCursorToItsContentAndGivesItBack() async {
      let list = ListScreen(rows: rows)
      let harness = ScreenHarness(root: list, size: Size(width: 40, height: 12))
      harness.press(.down)
      list.presentOverlay(TextScreen(text: "Delete?"), title: "Confirm")
      #expect(harness.focus == harness.position(of: "Delete?"))
      harness.press(.escape)
      #expect(harness.focus == harness.position(of: "›"))
      await harness.finish()
    }

    @Test func tabMovesTheCursorBetweenTheFocusedPanesOfASplit() async {
      let left = ListScreen(rows: rows)
      let right = ListScreen(rows: rows)
      let split = SplitScreen(panes: [left, right])
      let harness = ScreenHarness(root: split, size: Size(width: 40, height: 6))
      right.select(3)
      let markers = harness.positions(of: "›")
      #expect(markers.count == 2)
      #expect(harness.focus == markers.first)
      harness.press(.tab)
      #expect(harness.focus == markers.last)
      harness.press(.tab)
      #expect(harness.focus == markers.first)
      await harness.finish()
    }

    @Test func theHelpScreenRestsTheCursorOnItsFirstLine() async throws {
      let list = ListScreen(rows: rows)
      let navigation = NavigationScreen(root: list)
      let harness = ScreenHarness(root: navigation, size: Size(width: 40, height: 12))
      harness.press(.character("?"))
      let focus = try #require(harness.focus)
      #expect(focus != harness.position(of: "›"), "the help, not the list under it")
      harness.press(.escape)
      #expect(harness.focus == harness.position(of: "›"))
      await harness.finish()
    }
  }
}

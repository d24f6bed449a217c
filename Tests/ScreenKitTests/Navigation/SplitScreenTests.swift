import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

extension Navigation {
  @MainActor
  @Suite struct SplitScreenTests {
    private func makeSplit(axis: SplitScreen.Axis = .horizontal) -> (
      SplitScreen, ProbeScreen, ProbeScreen
    ) {
      let left = titledProbe("A", title: "Left")
      let right = titledProbe("B", title: "Right")
      return (SplitScreen(axis: axis, panes: [left, right]), left, right)
    }

    @Test func panesSitSideBySideWithADividerAndTitledHeaders() async {
      let (split, _, _) = makeSplit()
      let harness = ScreenHarness(root: split, size: Size(width: 21, height: 3))
      expectScreen(harness, [" Left     │ Right", "*A        │B", "          │"])
      await harness.finish()
    }

    @Test func verticalAxisStacksPanesWithAHorizontalDivider() async {
      let (split, _, _) = makeSplit(axis: .vertical)
      let harness = ScreenHarness(root: split, size: Size(width: 8, height: 5))
      expectScreen(harness, [" Left", "*A", "────────", " Right", "B"])
      await harness.finish()
    }

    @Test func fixedAndProportionalLengthsShareTheWidth() async {
      let panes = (1...3).map { titledProbe("P\($0)") }
      let split = SplitScreen(
        panes: panes, lengths: [.fixed(4), .proportional(2), .proportional(1)],
        showsPaneTitles: false)
      let harness = ScreenHarness(root: split, size: Size(width: 15, height: 2))
      #expect(panes.map(\.frame.width) == [4, 6, 3])
      #expect(panes.map(\.frame.minX) == [0, 5, 12])
      await harness.finish()
    }

    @Test func tabMovesFocusToTheNextPaneAndWraps() async {
      let (split, left, right) = makeSplit()
      let harness = ScreenHarness(root: split, size: Size(width: 21, height: 3))
      harness.press(.tab)
      #expect(harness.stage.focusedScreen === right)
      expectScreen(harness, [" Left     │ Right", "A         │*B", "          │"])
      harness.press(.tab)
      #expect(harness.stage.focusedScreen === left)
      harness.press(.backTab)
      #expect(harness.stage.focusedScreen === right)
      await harness.finish()
    }

    @Test func tabSkipsPanesWithNothingFocusable() async {
      let panes = [titledProbe("A"), titledProbe("B", focusable: false), titledProbe("C")]
      let split = SplitScreen(panes: panes)
      let harness = ScreenHarness(root: split, size: Size(width: 30, height: 3))
      harness.press(.tab)
      #expect(harness.stage.focusedScreen === panes[2])
      await harness.finish()
    }

    @Test func tabReturnsToTheScreenThatHadFocusInAPane() async {
      let left = titledProbe("Left", focusable: false)
      let first = ProbeScreen("First", focusable: true)
      let second = ProbeScreen("Second", focusable: true)
      left.addChild(first)
      left.addChild(second)
      let right = titledProbe("Right")
      let split = SplitScreen(panes: [left, right])
      let harness = ScreenHarness(root: split, size: Size(width: 21, height: 3))
      second.becomeFocused()
      harness.press(.tab)
      #expect(harness.stage.focusedScreen === right)
      harness.press(.tab)
      #expect(harness.stage.focusedScreen === second)
      await harness.finish()
    }

    @Test func theFocusedPanesHeaderIsHighlighted() async {
      let (split, _, _) = makeSplit()
      let harness = ScreenHarness(root: split, size: Size(width: 21, height: 3))
      #expect(harness.style(x: 1, y: 0).attributes.contains(.reverse))
      #expect(!harness.style(x: 12, y: 0).attributes.contains(.reverse))
      harness.press(.tab)
      #expect(!harness.style(x: 1, y: 0).attributes.contains(.reverse))
      #expect(harness.style(x: 12, y: 0).attributes.contains(.reverse))
      await harness.finish()
    }

    @Test func aScreenInsideAPaneThatHandlesTabKeepsIt() async {
      let left = titledProbe("Editor", handles: [.tab])
      let split = SplitScreen(panes: [left, titledProbe("Right")])
      let harness = ScreenHarness(root: split, size: Size(width: 21, height: 3))
      harness.press(.tab)
      #expect(harness.stage.focusedScreen === left)
      await harness.finish()
    }

    @Test func tabLeavesANavigationPaneAfterItsLastFocusableScreen() async {
      let container = titledProbe("Episodes", focusable: false)
      let first = ProbeScreen("First", focusable: true)
      let second = ProbeScreen("Second", focusable: true)
      container.addChild(first)
      container.addChild(second)
      let right = titledProbe("Right")
      let split = SplitScreen(panes: [NavigationScreen(root: container), right])
      let harness = ScreenHarness(root: split, size: Size(width: 41, height: 6))
      harness.press(.tab)
      #expect(harness.stage.focusedScreen === second)
      harness.press(.tab)
      #expect(harness.stage.focusedScreen === right)
      await harness.finish()
    }
  }
}

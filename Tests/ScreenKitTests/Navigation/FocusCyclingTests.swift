import ScreenKit
import ScreenKitTesting
import Testing

extension Navigation {
  /// Tab and Shift-Tab as a user sees them in each container and in containers nested in one
  /// another, and where focus goes when the screen holding it leaves.
  @MainActor
  @Suite struct FocusCyclingTests {
    /// A plain container of focusable probes named `names`.
    private func group(_ name: String, _ names: [String]) -> (Screen, [ProbeScreen]) {
      let container = titledProbe(name, focusable: false)
      let fields = names.map { ProbeScreen($0, focusable: true) }
      for field in fields { container.addChild(field) }
      return (container, fields)
    }

    /// The names of the screens focused after each key, one key at a time.
    private func focusTrail(_ harness: ScreenHarness, _ keys: [Key]) -> [String] {
      keys.map { key in
        harness.press(key)
        return harness.stage.focusedScreen?.name ?? "nil"
      }
    }

    @Test func hasFocusableDescendantsAgreesWithTheListItSkipsMaking() {
      let (plain, _) = group("Plain", [])
      let (fields, probes) = group("Fields", ["F1"])
      let covered = Screen()
      covered.addChild(ProbeScreen("under", focusable: true))
      let modal = Screen()
      modal.isModal = true
      covered.addChild(modal)
      for screen in [plain, fields, covered, modal, probes[0]] {
        #expect(screen.hasFocusableDescendants == !screen.focusableDescendants.isEmpty)
      }
      #expect(
        !covered.hasFocusableDescendants, "a modal child with nothing focusable hides the rest")
      #expect(fields.hasFocusableDescendants)
    }

    // MARK: Split

    @Test func inASplitEachPaneIsOneStopEvenWithSeveralFocusableScreens() async {
      let (left, _) = group("Left", ["L1", "L2"])
      let split = SplitScreen(panes: [left, titledProbe("R")])
      let harness = ScreenHarness(root: split, size: Size(width: 30, height: 4))
      #expect(focusTrail(harness, [.tab, .tab, .backTab, .backTab]) == ["R", "L1", "R", "L1"])
      await harness.finish()
    }

    @Test func shiftTabIntoASplitPaneReturnsToTheScreenThatHadFocusThere() async {
      let (left, fields) = group("Left", ["L1", "L2"])
      let split = SplitScreen(panes: [left, titledProbe("R")])
      let harness = ScreenHarness(root: split, size: Size(width: 30, height: 4))
      fields[1].becomeFocused()
      #expect(focusTrail(harness, [.backTab, .backTab]) == ["R", "L2"])
      await harness.finish()
    }

    @Test func tabReturnsToTheScreenThatHadFocusInAPaneLeftByAClick() async {
      let (left, fields) = group("Left", ["L1", "L2"])
      let split = SplitScreen(panes: [left, titledProbe("R")])
      let harness = ScreenHarness(root: split, size: Size(width: 30, height: 4))
      fields[1].becomeFocused()
      harness.click(x: 25, y: 1)
      #expect(harness.stage.focusedScreen?.name == "R")
      harness.press(.tab)
      #expect(harness.stage.focusedScreen === fields[1])
      await harness.finish()
    }

    @Test func shiftTabLeavesANavigationPaneBeforeItsFirstScreenAndComesBackWhereItLeft() async {
      let (episodes, _) = group("Episodes", ["E1", "E2"])
      let split = SplitScreen(panes: [titledProbe("Left"), NavigationScreen(root: episodes)])
      let harness = ScreenHarness(root: split, size: Size(width: 41, height: 6))
      #expect(
        focusTrail(harness, [.tab, .tab, .backTab, .backTab, .backTab]) == [
          "E1", "E2", "E1", "Left", "E1",
        ])
      await harness.finish()
    }

    // MARK: Navigation

    @Test func tabCyclesThroughAPushedScreenAndWrapsAtTheRoot() async {
      let navigation = NavigationScreen(root: titledProbe("Episodes"))
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 6))
      let (detail, _) = group("Detail", ["Play", "Share", "Close"])
      navigation.push(detail)
      #expect(harness.stage.focusedScreen?.name == "Play")
      #expect(
        focusTrail(harness, [.tab, .tab, .tab, .backTab]) == [
          "Share", "Close", "Play", "Close",
        ])
      await harness.finish()
    }

    @Test func poppingInsideASplitPaneRestoresTheFocusThePaneHad() async {
      let (episodes, fields) = group("Episodes", ["E1", "E2"])
      let navigation = NavigationScreen(root: episodes)
      let split = SplitScreen(panes: [navigation, titledProbe("Right")])
      let harness = ScreenHarness(root: split, size: Size(width: 41, height: 6))
      fields[1].becomeFocused()
      navigation.push(titledProbe("Detail"))
      #expect(harness.stage.focusedScreen?.name == "Detail")
      harness.press(.escape)
      #expect(harness.stage.focusedScreen === fields[1])
      await harness.finish()
    }

    @Test func aNavigationTopScreenThatTurnsFocusableGetsTheNextKey() async {
      let navigation = NavigationScreen(root: titledProbe("Episodes"))
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 6))
      let detail = titledProbe("Detail", focusable: false)
      navigation.push(detail)
      #expect(harness.stage.focusedScreen === navigation)
      detail.focusable = true
      harness.press("x")
      #expect(harness.stage.focusedScreen === detail)
      #expect(detail.receivedKeys == ["x"])
      await harness.finish()
    }

    // MARK: Overlay

    @Test func aModalOverlayInsideASplitPaneKeepsFocusInsideBothWays() async {
      let (left, _) = group("Left", ["L1"])
      let split = SplitScreen(panes: [left, titledProbe("Right")])
      let harness = ScreenHarness(root: split, size: Size(width: 60, height: 12))
      let (form, _) = group("Form", ["Yes", "No"])
      left.presentOverlay(form)
      #expect(harness.stage.focusedScreen?.name == "Yes")
      #expect(focusTrail(harness, [.tab, .tab, .backTab, .backTab]) == ["No", "Yes", "No", "Yes"])
      await harness.finish()
    }

    @Test func anOverlayWithNothingFocusableInsideKeepsFocusOnTab() async {
      let covered = ProbeScreen("Covered", focusable: true)
      let harness = ScreenHarness(root: covered, size: Size(width: 30, height: 7))
      let overlay = covered.presentOverlay(ProbeScreen("Notice"))
      #expect(harness.stage.focusedScreen === overlay)
      #expect(focusTrail(harness, [.tab, .backTab]) == ["OverlayScreen", "OverlayScreen"])
      #expect(covered.receivedKeys.isEmpty)
      await harness.finish()
    }

    @Test func dismissingAnOverlayInAPaneGivesFocusBackToTheScreenThatHadIt() async {
      let (left, fields) = group("Left", ["L1", "L2"])
      let split = SplitScreen(panes: [left, titledProbe("Right")])
      let harness = ScreenHarness(root: split, size: Size(width: 60, height: 12))
      fields[1].becomeFocused()
      left.presentOverlay(ProbeScreen("Field", focusable: true))
      harness.press(.escape)
      #expect(harness.stage.focusedScreen === fields[1])
      await harness.finish()
    }

    // MARK: Nested

    @Test func aSplitInsideANavigationScreenInsideAnOverlayCyclesPanesAndStaysInside() async {
      let covered = ProbeScreen("Covered", focusable: true)
      let harness = ScreenHarness(root: covered, size: Size(width: 60, height: 16))
      let (right, _) = group("Right", ["R1", "R2"])
      let split = SplitScreen(panes: [titledProbe("Left"), right])
      covered.presentOverlay(NavigationScreen(root: split))
      #expect(harness.stage.focusedScreen?.name == "Left")
      #expect(
        focusTrail(harness, [.tab, .tab, .backTab, .backTab]) == ["R1", "Left", "R1", "Left"])
      await harness.finish()
    }

    @Test func aSplitPaneWithNothingFocusableIsSkippedBothWays() async {
      let panes = [titledProbe("A"), titledProbe("B", focusable: false), titledProbe("C")]
      let harness = ScreenHarness(root: SplitScreen(panes: panes), size: Size(width: 30, height: 3))
      #expect(focusTrail(harness, [.tab, .tab, .backTab]) == ["C", "A", "C"])
      await harness.finish()
    }

    @Test func aNavigationPaneWhoseTopHasNothingFocusableIsOneStop() async {
      let navigation = NavigationScreen(root: titledProbe("Notes", focusable: false))
      let split = SplitScreen(panes: [titledProbe("Left"), navigation])
      let harness = ScreenHarness(root: split, size: Size(width: 41, height: 6))
      #expect(focusTrail(harness, [.tab, .tab]) == ["NavigationScreen", "Left"])
      await harness.finish()
    }

    @Test func aSplitBesideAnotherScreenHandsTabOnAfterItsLastPane() async {
      let root = ColumnsScreen()
      let split = SplitScreen(panes: [titledProbe("A"), titledProbe("B")])
      root.addChild(split)
      root.addChild(ProbeScreen("Search", focusable: true))
      let harness = ScreenHarness(root: root, size: Size(width: 40, height: 4))
      #expect(focusTrail(harness, [.tab, .tab, .tab, .backTab]) == ["B", "Search", "A", "Search"])
      await harness.finish()
    }

    @Test func aTabThatMovesNoFocusIsReportedUnhandled() async {
      let covered = ProbeScreen("Covered", focusable: true)
      let harness = ScreenHarness(root: covered, size: Size(width: 30, height: 7))
      covered.presentOverlay(ProbeScreen("Field", focusable: true))
      #expect(!harness.press(.tab))
      #expect(harness.stage.focusedScreen?.name == "Field")
      await harness.finish()
    }

    @Test func moveFocusTakesAsManyStopsAsItIsAsked() async {
      let (detail, fields) = group("Detail", ["Play", "Share", "Close"])
      let harness = ScreenHarness(root: NavigationScreen(root: detail))
      #expect(harness.stage.moveFocus(by: 2))
      #expect(harness.stage.focusedScreen === fields[2])
      #expect(harness.stage.moveFocus(by: -4))
      #expect(harness.stage.focusedScreen === fields[1])
      #expect(!harness.stage.moveFocus(by: 0))
      await harness.finish()
    }

    // MARK: Lost focus

    @Test func focusLostWithTheFocusedScreenGoesToTheFirstFocusableScreenAtTheNextFrame() async {
      let root = ProbeScreen("Root")
      let (left, fields) = group("Left", ["L1"])
      let right = ProbeScreen("Right", focusable: true)
      root.addChild(left)
      root.addChild(right)
      let harness = ScreenHarness(root: root, size: Size(width: 20, height: 3))
      #expect(harness.stage.focusedScreen === fields[0])
      left.removeFromParent()
      #expect(harness.stage.focusedScreen == nil)
      harness.renderIfNeeded()
      #expect(harness.stage.focusedScreen === right)
      await harness.finish()
    }

    @Test func aClickAfterTheFocusedScreenLeftFocusesWhatWasClicked() async {
      let (left, fields) = group("Left", ["L1"])
      let right = titledProbe("Right")
      let split = SplitScreen(panes: [left, titledProbe("Middle"), right])
      let harness = ScreenHarness(root: split, size: Size(width: 30, height: 3))
      #expect(harness.stage.focusedScreen === fields[0])
      fields[0].removeFromParent()
      harness.click(x: 25, y: 1)
      #expect(harness.stage.focusedScreen === right)
      await harness.finish()
    }
  }
}

import ScreenKit
import ScreenKitTesting
import Testing

extension Navigation {
  @MainActor
  @Suite struct OverlayTests {
    @Test func overlayDrawsACentredBorderedBoxOverTheCoveredScreen() async {
      let covered = ProbeScreen("Covered", text: "background text here", focusable: true)
      let harness = ScreenHarness(root: covered, size: Size(width: 30, height: 7))
      covered.presentOverlay(
        ProbeScreen("Body", text: "Sure?"), title: "Confirm",
        preferredContentSize: Size(width: 10, height: 1))
      expectScreen(
        harness,
        [
          "background text here",
          "",
          "        ┌─ Confirm ──┐",
          "        │ Sure?      │",
          "        └────────────┘",
        ])
      await harness.finish()
    }

    @Test func coveredScreenKeepsDrawingUnderTheOverlay() async {
      let covered = ProbeScreen("Covered", text: "old", focusable: true)
      let harness = ScreenHarness(root: covered, size: Size(width: 30, height: 7))
      covered.presentOverlay(ProbeScreen("Body"), preferredContentSize: Size(width: 4, height: 1))
      covered.text = "new"
      #expect(harness.lines[0].hasPrefix("new"))
      #expect(harness.contains("Body"))
      await harness.finish()
    }

    @Test func focusMovesIntoTheOverlay() async {
      let covered = ProbeScreen("Covered", focusable: true)
      let harness = ScreenHarness(root: covered, size: Size(width: 30, height: 7))
      let field = ProbeScreen("Field", focusable: true)
      covered.presentOverlay(field)
      #expect(harness.stage.focusedScreen === field)
      await harness.finish()
    }

    @Test func coveredScreenGetsNoKeysWhileTheOverlayIsUp() async {
      let covered = ProbeScreen("Covered", focusable: true, handles: ["x"])
      let harness = ScreenHarness(root: covered, size: Size(width: 30, height: 7))
      covered.presentOverlay(ProbeScreen("Body"))
      harness.press("x", .down, .enter)
      #expect(covered.receivedKeys.isEmpty)
      await harness.finish()
    }

    @Test func unhandledKeysSkipTheCoveredScreenAndReachItsAncestors() async {
      let app = ProbeScreen("App", handles: ["q"])
      let list = ProbeScreen("List", focusable: true)
      app.addChild(list)
      let harness = ScreenHarness(root: app, size: Size(width: 30, height: 7))
      list.presentOverlay(ProbeScreen("Body"))
      #expect(harness.press("q"))
      #expect(app.receivedKeys == ["q"])
      #expect(list.receivedKeys.isEmpty)
      await harness.finish()
    }

    @Test func aKeyNobodyAboveTheCoveredScreenHandlesIsReportedUnhandled() async {
      // The application's own keys (the demo's `q`) come after the stage reports a key
      // unhandled; an overlay must not swallow them, only keep them from the covered screen.
      let app = ProbeScreen("App")
      let list = ProbeScreen("List", focusable: true, handles: ["q"])
      app.addChild(list)
      let harness = ScreenHarness(root: app, size: Size(width: 30, height: 7))
      list.presentHelp()
      #expect(!harness.press("q"))
      #expect(app.receivedKeys == ["q"])
      #expect(list.receivedKeys.isEmpty)
      await harness.finish()
    }

    @Test func escapeDismissesAndGivesFocusBack() async {
      let covered = ProbeScreen("Covered", focusable: true)
      let harness = ScreenHarness(root: covered, size: Size(width: 30, height: 7))
      var dismissed = false
      let overlay = covered.presentOverlay(ProbeScreen("Body", focusable: true))
      overlay.onDismiss = { dismissed = true }
      harness.press(.escape)
      #expect(dismissed)
      #expect(covered.presentedOverlay == nil)
      #expect(harness.stage.focusedScreen === covered)
      #expect(!harness.contains("Body"))
      harness.press("x")
      #expect(covered.receivedKeys == ["x"])
      await harness.finish()
    }

    @Test func escapeDoesNotDismissWhenTurnedOff() async {
      let covered = ProbeScreen("Covered", focusable: true)
      let harness = ScreenHarness(root: covered, size: Size(width: 30, height: 7))
      let overlay = covered.presentOverlay(ProbeScreen("Body"))
      overlay.dismissesOnEscape = false
      harness.press(.escape)
      #expect(overlay.isPresented)
      covered.dismissOverlay()
      #expect(!overlay.isPresented)
      await harness.finish()
    }

    @Test func tabCyclesFocusInsideTheOverlayOnly() async {
      let covered = ProbeScreen("Covered", focusable: true)
      let harness = ScreenHarness(root: covered, size: Size(width: 30, height: 7))
      let form = ProbeScreen("Form")
      let yes = ProbeScreen("Yes", focusable: true)
      let no = ProbeScreen("No", focusable: true)
      form.addChild(yes)
      form.addChild(no)
      covered.presentOverlay(form)
      harness.press(.tab)
      #expect(harness.stage.focusedScreen === no)
      harness.press(.tab)
      #expect(harness.stage.focusedScreen === yes)
      await harness.finish()
    }

    @Test func overlayStaysCentredWhenTheStageResizes() async {
      let covered = ProbeScreen("Covered", focusable: true)
      let harness = ScreenHarness(root: covered, size: Size(width: 30, height: 7))
      let overlay = covered.presentOverlay(
        ProbeScreen("Body"), preferredContentSize: Size(width: 6, height: 1))
      harness.renderIfNeeded()
      #expect(overlay.frame == Rect(x: 10, y: 2, width: 10, height: 3))
      harness.resize(to: Size(width: 40, height: 9))
      #expect(overlay.frame == Rect(x: 15, y: 3, width: 10, height: 3))
      await harness.finish()
    }

    @Test func overlayOverANavigationTopScreenBlocksPopping() async {
      let list = titledProbe("List")
      let navigation = NavigationScreen(root: titledProbe("Root"))
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 9))
      navigation.push(list)
      let overlay = list.presentOverlay(ProbeScreen("Body"))
      overlay.dismissesOnEscape = false
      harness.press(.escape)
      #expect(navigation.topScreen === list)
      #expect(overlay.isPresented)
      await harness.finish()
    }
  }
}

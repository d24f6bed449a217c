import ScreenKit
import ScreenKitTesting
import Testing

extension Navigation {
  @MainActor
  @Suite struct HelpTests {
    @Test func questionMarkListsTheHintsOfTheFocusedScreenAndItsAncestors() async {
      let list = ListScreen(rows: [PlainRow(title: "One")])
      let navigation = NavigationScreen(root: list)
      navigation.keyHints = [KeyHint("q", "quit")]
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 9))
      harness.press("?")
      expectScreen(
        harness,
        [
          " ListScreen",
          "› One  ┌─ Help ──────┐",
          "       │ ↑↓     move │",
          "       │ Enter  open │",
          "       │ q      quit │",
          "       │ ?      help │",
          "       └─────────────┘",
          "",
          " Esc close",
        ])
      await harness.finish()
    }

    @Test func helpTakesFocusAndEscapeClosesIt() async {
      let list = ListScreen(rows: [PlainRow(title: "One"), PlainRow(title: "Two")])
      let navigation = NavigationScreen(root: list)
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 9))
      harness.press("?")
      #expect(harness.stage.focusedScreen is HelpScreen)
      harness.press(.down)
      #expect(list.selectedIndex == 0)
      harness.press(.escape)
      #expect(navigation.presentedOverlay == nil)
      #expect(harness.stage.focusedScreen === list)
      #expect(harness.lines[8].hasPrefix(" ↑↓ move"))
      harness.press(.down)
      #expect(list.selectedIndex == 1)
      await harness.finish()
    }

    @Test func keyHintsInScopeFollowKeyRoutingPastOverlays() async {
      let app = ProbeScreen("App")
      app.keyHints = [KeyHint("q", "quit")]
      let list = ProbeScreen("List", focusable: true)
      list.keyHints = [KeyHint("d", "delete")]
      app.addChild(list)
      let harness = ScreenHarness(root: app, size: Size(width: 30, height: 9))
      let overlay = list.presentOverlay(ProbeScreen("Body", focusable: true))
      #expect(list.keyHintsInScope.map(\.key) == ["d", "q"])
      #expect(overlay.content.keyHintsInScope.map(\.key) == ["Esc", "q"])
      await harness.finish()
    }

    @Test func helpScreenWithoutHintsSaysSo() async {
      let help = HelpScreen(hints: [])
      let harness = ScreenHarness(root: help, size: Size(width: 20, height: 1))
      expectScreen(harness, ["No keys to show"])
      await harness.finish()
    }
  }
}

import ScreenKit
import ScreenKitTesting
import Testing

/// Where focus goes when nothing has it: to the first focusable screen at the next key or
/// frame, whenever that screen was added; only `focus(nil)` leaves the stage without focus.
@MainActor
@Suite struct FirstFocusTests {
  @Test func aFocusableScreenAddedAfterMountIsFocusedAtTheNextFrame() async {
    let root = ProbeScreen("root")
    let harness = ScreenHarness(root: root, size: Size(width: 10, height: 3))
    #expect(harness.stage.focusedScreen == nil)
    let field = ProbeScreen("field", focusable: true)
    root.addChild(field)
    harness.renderIfNeeded()
    #expect(harness.stage.focusedScreen === field)
    await harness.finish()
  }

  @Test func aFocusableScreenAddedAfterMountTakesTheNextKey() async {
    let root = ProbeScreen("root")
    let harness = ScreenHarness(root: root, size: Size(width: 10, height: 3))
    let field = ProbeScreen("field", focusable: true, handles: ["x"])
    root.addChild(field)
    #expect(harness.press("x"))
    #expect(field.receivedKeys == ["x"])
    await harness.finish()
  }

  @Test func focusClearedOnPurposeStaysClearedUntilAScreenIsFocused() async {
    let root = ProbeScreen("root")
    let first = ProbeScreen("first", focusable: true)
    root.addChild(first)
    let harness = ScreenHarness(root: root, size: Size(width: 10, height: 3))
    #expect(harness.stage.focusedScreen === first)
    harness.stage.focus(nil)
    root.addChild(ProbeScreen("second", focusable: true))
    harness.press("x")
    harness.renderIfNeeded()
    #expect(harness.stage.focusedScreen == nil)
    first.becomeFocused()
    #expect(harness.stage.focusedScreen === first)
    await harness.finish()
  }
}

import ScreenKit
import ScreenKitTesting
import Testing

/// A frame is a one-way pipeline.
///
/// State changes, then ``Stage/frame()`` resolves focus, lays out, draws and diffs, each once.
/// Containment only asks for layout, and drawing never moves focus.
@MainActor
@Suite struct FramePipelineTests {
  @Test func focusLostByARemovalMovesOnlyAtTheNextFrame() {
    let root = Screen()
    let first = ProbeScreen("first", focusable: true)
    let second = ProbeScreen("second", focusable: true)
    root.addChild(first)
    root.addChild(second)
    let stage = Stage(root: root, size: Size(width: 10, height: 2))
    stage.mount()
    stage.focus(second)
    stage.frame()
    second.removeFromParent()
    #expect(stage.focusedScreen == nil)
    stage.frame()
    #expect(stage.focusedScreen === first)
  }

  @Test func theLayoutAFocusChangeAsksForRunsInThatFrame() {
    let root = Screen()
    let first = RelayoutOnFocus()
    let second = RelayoutOnFocus()
    root.addChild(first)
    root.addChild(second)
    let stage = Stage(root: root, size: Size(width: 10, height: 2))
    stage.mount()
    stage.focus(second)
    stage.frame()
    let layouts = first.layoutCount
    second.removeFromParent()
    stage.frame()
    #expect(stage.focusedScreen === first)
    #expect(first.layoutCount == layouts + 1, "laid out once, in the frame focus moved in")
    #expect(!stage.needsFrame)
  }

  @Test func theHarnessResolvesFocusBeforeTheFrameItDraws() async {
    let root = LayoutCountingScreen(laysOut: false)
    let first = ProbeScreen("first", focusable: true)
    let second = ProbeScreen("second", focusable: true)
    root.addChild(first)
    root.addChild(second)
    first.frame = Rect(x: 0, y: 0, width: 10, height: 1)
    second.frame = Rect(x: 0, y: 1, width: 10, height: 1)
    let harness = ScreenHarness(root: root, size: Size(width: 10, height: 2))
    harness.stage.focus(second)
    expectScreen(harness, ["first", "*second"])
    second.removeFromParent()
    expectScreen(harness, ["*first"])
    await harness.finish()
  }

  @Test func aContainmentChangeOnlyAsksForLayout() {
    let root = LayoutCountingScreen()
    let child = LayoutCountingScreen()
    let stage = Stage(root: root, size: Size(width: 10, height: 2))
    stage.mount()
    stage.frame()
    let rootLayouts = root.layoutCount
    root.addChild(child)
    #expect(child.isVisible)
    #expect(root.layoutCount == rootLayouts && child.layoutCount == 0)
    #expect(stage.needsFrame)
    stage.frame()
    #expect(root.layoutCount == rootLayouts + 1 && child.layoutCount == 1)
    child.removeFromParent()
    #expect(root.layoutCount == rootLayouts + 1)
    stage.frame()
    #expect(root.layoutCount == rootLayouts + 2)
  }
}

/// Counts its ``Screen/layoutChildren()`` calls; leaves its children's frames alone unless
/// it `laysOut`.
@MainActor
private final class LayoutCountingScreen: Screen {
  var layoutCount = 0
  let laysOut: Bool

  init(laysOut: Bool = true) {
    self.laysOut = laysOut
    super.init()
  }

  override func layoutChildren() {
    layoutCount += 1
    if laysOut { super.layoutChildren() }
  }
}

/// Asks for layout when it gains or loses focus, as a screen that shows focus in its layout
/// does.
@MainActor
private final class RelayoutOnFocus: Screen {
  var layoutCount = 0
  override var canBecomeFocused: Bool { true }
  override func focusDidChange() { setNeedsLayout() }
  override func layoutChildren() { layoutCount += 1 }
}

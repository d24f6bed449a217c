import ScreenKit
import ScreenKitTesting
import Testing

/// A frame is a one-way pipeline.
///
/// State changes, then ``Stage/update()`` lays out and resolves focus, then ``Stage/render()``
/// draws and diffs. Containment only asks for layout, and rendering never moves focus.
@MainActor
@Suite struct FramePipelineTests {
  @Test func renderDoesNotMoveFocusUpdateDoes() {
    let root = Screen()
    let first = ProbeScreen("first", focusable: true)
    let second = ProbeScreen("second", focusable: true)
    root.addChild(first)
    root.addChild(second)
    let stage = Stage(root: root, size: Size(width: 10, height: 2))
    stage.mount()
    stage.focus(second)
    stage.render()
    second.removeFromParent()
    #expect(stage.focusedScreen == nil)
    stage.render()
    #expect(stage.focusedScreen == nil)
    stage.update()
    #expect(stage.focusedScreen === first)
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
    stage.render()
    let rootLayouts = root.layoutCount
    root.addChild(child)
    #expect(child.isVisible)
    #expect(root.layoutCount == rootLayouts && child.layoutCount == 0)
    #expect(stage.needsRender)
    stage.update()
    #expect(root.layoutCount == rootLayouts + 1 && child.layoutCount == 1)
    child.removeFromParent()
    #expect(root.layoutCount == rootLayouts + 1)
    stage.update()
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

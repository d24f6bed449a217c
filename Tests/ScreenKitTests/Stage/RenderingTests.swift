import ScreenKit
import ScreenKitTesting
import Testing

@MainActor
@Suite struct RenderingTests {
  private func twoPanes() -> (ColumnsScreen, ProbeScreen, ProbeScreen) {
    let root = ColumnsScreen()
    let left = ProbeScreen("L", text: "left")
    let right = ProbeScreen("R", text: "right")
    root.addChild(left)
    root.addChild(right)
    return (root, left, right)
  }

  @Test func parentsDrawBeforeChildrenIntoOneCanvas() async {
    let (root, _, _) = twoPanes()
    let harness = ScreenHarness(root: root, size: Size(width: 12, height: 2))
    expectScreen(harness, ["left  right", ""])
    await harness.finish()
  }

  @Test func secondFrameWithOneDirtyScreenRedrawsOnlyIt() async {
    let (root, left, right) = twoPanes()
    let harness = ScreenHarness(root: root, size: Size(width: 12, height: 2))
    let leftDraws = left.drawCount
    let rightDraws = right.drawCount
    right.text = "RIGHT"
    harness.renderIfNeeded()
    #expect(right.drawCount == rightDraws + 1)
    #expect(left.drawCount == leftDraws)
    #expect(harness.lastFrameDrawCount == 1)
    expectScreen(harness, ["left  RIGHT", ""])
    await harness.finish()
  }

  @Test func manyInvalidationsCoalesceIntoOneFrame() async {
    let (root, left, _) = twoPanes()
    let harness = ScreenHarness(root: root, size: Size(width: 12, height: 2))
    let frames = harness.frameCount
    let draws = left.drawCount
    for index in 0..<50 { left.text = "n\(index)" }
    harness.renderIfNeeded()
    #expect(harness.frameCount == frames + 1)
    #expect(left.drawCount == draws + 1)
    expectScreen(harness, ["n49   right", ""])
    await harness.finish()
  }

  @Test func nothingDirtyRendersNothing() async {
    let (root, _, _) = twoPanes()
    let harness = ScreenHarness(root: root, size: Size(width: 12, height: 2))
    let frames = harness.frameCount
    harness.renderIfNeeded()
    #expect(harness.frameCount == frames)
    #expect(!harness.stage.needsFrame)
    await harness.finish()
  }

  @Test func partialInvalidationClipsTheDraw() async {
    let stealth = StealthScreen()
    let stage2 = ScreenHarness(root: stealth, size: Size(width: 6, height: 1))
    stealth.value = "123456"
    stealth.setNeedsDisplay(in: Rect(x: 2, y: 0, width: 2, height: 1))
    stage2.renderIfNeeded()
    expectScreen(stage2, ["ab34ef"])
    await stage2.finish()
  }

  @Test func aChildDrawnOverItsSiblingIsRedrawnWhenTheSiblingIsDirty() async {
    let root = ManualLayoutScreen(text: "")
    let below = ProbeScreen("Below", text: "..........")
    let above = OverlayProbe()
    root.addChild(below)
    root.addChild(above)
    below.frame = Rect(x: 0, y: 0, width: 10, height: 1)
    let harness = ScreenHarness(root: root, size: Size(width: 10, height: 1))
    expectScreen(harness, ["....[ov].."])
    below.text = "----------"
    harness.renderIfNeeded()
    expectScreen(harness, ["----[ov]--"])
    await harness.finish()
  }

  @Test func removingAChildUncoversItsParent() async {
    let root = ManualLayoutScreen(text: "root")
    let child = OverlayProbe()
    root.addChild(child)
    let harness = ScreenHarness(root: root, size: Size(width: 10, height: 1))
    expectScreen(harness, ["root[ov]"])
    child.removeFromParent()
    expectScreen(harness, ["root"])
    await harness.finish()
  }

  @Test func childrenAreClippedToTheirParent() async {
    let root = ManualLayoutScreen(text: "")
    let box = Box()
    root.addChild(box)
    box.frame = Rect(x: 2, y: 0, width: 7, height: 1)
    let harness = ScreenHarness(root: root, size: Size(width: 10, height: 2))
    expectScreen(harness, ["  wide-te", ""])
    await harness.finish()
  }
}

/// Draws its value in full each time but only the invalidated cells must change.
@MainActor
private final class StealthScreen: Screen {
  var value = "abcdef"
  override func draw(in canvas: inout Canvas) {
    var x = 0
    for character in value { x += canvas.put(character, at: Point(x: x, y: 0)) }
  }
}

/// A parent that leaves its children's frames to the test.
@MainActor
private final class ManualLayoutScreen: Screen {
  let text: String
  init(text: String) {
    self.text = text
    super.init()
  }
  override func layoutChildren() {}
  override func draw(in canvas: inout Canvas) {
    var x = 0
    for character in text { x += canvas.put(character, at: Point(x: x, y: 0)) }
  }
}

/// A small screen placed at columns 4–7 of its parent.
@MainActor
private final class OverlayProbe: Screen {
  override func didMove(toParent parent: Screen?) {
    if parent != nil { frame = Rect(x: 4, y: 0, width: 4, height: 1) }
  }
  override func draw(in canvas: inout Canvas) {
    var x = 0
    for character in "[ov]" { x += canvas.put(character, at: Point(x: x, y: 0)) }
  }
}

/// A box whose child is wider than the box itself.
@MainActor
private final class Box: Screen {
  let inner = ProbeScreen("Inner", text: "wide-text-that-overflows")
  override init() {
    super.init()
    addChild(inner)
  }
  override func layoutChildren() {
    inner.frame = Rect(x: 0, y: 0, width: 30, height: 1)
  }
}

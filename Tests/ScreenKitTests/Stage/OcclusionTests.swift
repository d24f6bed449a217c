import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// A screen whose child covers all that is redrawn of it is not drawn.
///
/// Screens are opaque, so neither are the children before the covering one; what the stage
/// shows must not change for it.
@MainActor
@Suite struct OcclusionTests {
  @Test func aParentItsChildCoversIsNotDrawnAndOnlyTheChildShows() async {
    let parent = ProbeScreen("Parent", text: "PARENT")
    let child = ProbeScreen("Child", text: "child")
    parent.addChild(child)
    let harness = ScreenHarness(root: parent, size: Size(width: 10, height: 2))
    expectScreen(harness, ["child", ""])
    #expect(parent.drawCount == 0)
    parent.text = "again"
    harness.renderIfNeeded()
    #expect(parent.drawCount == 0)
    #expect(harness.lastFrameDrawCount == 1)
    expectScreen(harness, ["child", ""])
    child.removeFromParent()
    expectScreen(harness, ["again", ""])
    #expect(parent.drawCount == 1)
    await harness.finish()
  }

  /// A parent filled with `P` whose child covers two of its cells on the first row.
  private func parentWithASmallChild() -> (Pane, Pane, ScreenHarness) {
    let parent = Pane(["PPPPPPPP", "PPPPPPPP"])
    let child = Pane(["cc"])
    parent.addChild(child)
    child.frame = Rect(x: 2, y: 0, width: 2, height: 1)
    return (parent, child, ScreenHarness(root: parent, size: Size(width: 8, height: 2)))
  }

  @Test func aChildCoveringPartOfItsParentLeavesTheParentDrawn() async {
    let (parent, _, harness) = parentWithASmallChild()
    expectScreen(harness, ["PPccPPPP", "PPPPPPPP"])
    #expect(parent.draws == 1)
    await harness.finish()
  }

  @Test func aParentRedrawnOnlyWhereItsChildLiesIsNotDrawn() async {
    let (parent, child, harness) = parentWithASmallChild()
    parent.setNeedsDisplay(in: Rect(x: 2, y: 0, width: 2, height: 1))
    harness.renderIfNeeded()
    #expect(parent.draws == 1)
    #expect(child.draws == 2)
    parent.setNeedsDisplay(in: Rect(x: 1, y: 0, width: 2, height: 1))
    harness.renderIfNeeded()
    #expect(parent.draws == 2)
    expectScreen(harness, ["PPccPPPP", "PPPPPPPP"])
    await harness.finish()
  }

  @Test func childrenBeforeACoveringChildAreNotDrawnAndThoseAfterItAre() async {
    let parent = Pane(["PPPPPP"])
    let first = Pane(["111111"])
    let covering = Pane(["222222"])
    let above = Pane(["3"])
    for child in [first, covering, above] { parent.addChild(child) }
    first.frame = Rect(x: 0, y: 0, width: 6, height: 1)
    covering.frame = Rect(x: 0, y: 0, width: 6, height: 1)
    above.frame = Rect(x: 4, y: 0, width: 1, height: 1)
    let harness = ScreenHarness(root: parent, size: Size(width: 6, height: 1))
    expectScreen(harness, ["222232"])
    #expect([parent.draws, first.draws, covering.draws, above.draws] == [0, 0, 1, 1])
    await harness.finish()
  }

  /// Random trees with random frames (many covering their parent), random texts with wide
  /// characters, random changes, moves and partial redraws: after every frame the stage shows
  /// what drawing every screen, parents first, shows.
  @Test(arguments: 0..<40)
  func randomTreesShowWhatDrawingEveryScreenShows(seed: UInt64) {
    var random = SeededRandom(seed: 7_000 + seed)
    let size = Size(width: 12, height: 5)
    let pieces = ["a", "b", " ", "世", "界", "é", "❤️", "x", "yz"]
    func randomRows() -> [String] {
      (0..<Int.random(in: 0...size.height, using: &random)).map { _ in
        (0..<Int.random(in: 0...8, using: &random)).map { _ in
          pieces.randomElement(using: &random)!
        }.joined()
      }
    }
    func randomRect(in bounds: Size) -> Rect {
      // Half of the frames cover their parent, some reach past it.
      if Bool.random(using: &random) { return Rect(origin: .zero, size: bounds) }
      let x = Int.random(in: -1...max(0, bounds.width - 1), using: &random)
      let y = Int.random(in: -1...max(0, bounds.height - 1), using: &random)
      return Rect(
        x: x, y: y, width: Int.random(in: 0...(bounds.width + 1), using: &random),
        height: Int.random(in: 0...(bounds.height + 1), using: &random))
    }
    let root = Pane(randomRows())
    var panes = [root]
    for _ in 0..<Int.random(in: 1...7, using: &random) {
      let parent = panes.randomElement(using: &random)!
      let child = Pane(randomRows())
      parent.addChild(child)
      child.frame = randomRect(in: parent === root ? size : parent.frame.size)
      panes.append(child)
    }
    let stage = Stage(root: root, size: size)
    stage.mount()
    stage.frame()
    for step in 0..<60 {
      let pane = panes.randomElement(using: &random)!
      // NB: content changes redraw the whole pane; a partial redraw of changed content shows
      // part of it by design, and only an unchanged one must look as drawn in full.
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        pane.rows = randomRows()
        pane.setNeedsDisplay()
      case 1:
        if pane !== root, let parent = pane.parent {
          pane.frame = randomRect(in: parent.frame.size)
        }
      default:
        pane.setNeedsDisplay(in: randomRect(in: pane.frame.size))
      }
      stage.frame()
      let expected = drawingEveryScreen(root, size: size)
      guard stage.canvas.grid == expected else {
        let shown = stage.canvas.grid.lines
        Issue.record(
          "seed \(seed), step \(step): the stage shows \(shown), drawing every screen shows \(expected.lines)"
        )
        return
      }
    }
  }

  /// The grid that clearing and drawing every screen of the tree, parents first, leaves.
  private func drawingEveryScreen(_ root: Screen, size: Size) -> CellGrid {
    var canvas = Canvas(size: size)
    func paint(_ screen: Screen, in canvas: inout Canvas) {
      canvas.withRegion(screen.frame) { region in
        region.clear()
        screen.draw(in: &region)
        for child in screen.children { paint(child, in: &region) }
      }
    }
    paint(root, in: &canvas)
    return canvas.grid
  }
}

/// Draws one line of text per row and counts its draws; its children's frames are the test's.
@MainActor
private final class Pane: Screen {
  var rows: [String]
  private(set) var draws = 0

  init(_ rows: [String]) {
    self.rows = rows
    super.init()
  }

  override func layoutChildren() {}

  override func draw(in canvas: inout Canvas) {
    draws += 1
    for (y, row) in rows.enumerated() { canvas.drawText(row, at: Point(x: 0, y: y)) }
  }
}

import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// A partial redraw whose edge cuts a wide character must leave the grid as a full redraw
/// would, and report every cell it changed: a writer that trusts the damage copies only those.
@MainActor
@Suite struct WideCharacterDamageTests {
  /// The cells of `after` that differ from `before` and lie outside every rectangle of `damage`.
  private func changesOutside(_ damage: [Rect], before: CellGrid, after: CellGrid) -> [Point] {
    var outside: [Point] = []
    for y in 0..<after.size.height {
      for x in 0..<after.size.width where before[x, y] != after[x, y] {
        let point = Point(x: x, y: y)
        if !damage.contains(where: { $0.contains(point) }) { outside.append(point) }
      }
    }
    return outside
  }

  /// The grid a fresh stage renders for the same content in one full frame.
  private func fullRender(of text: [String], size: Size) -> CellGrid {
    mountedStage(RowsScreen(text), size: size).canvas.grid
  }

  /// A stage of `root` that has drawn its first frame.
  private func mountedStage(_ root: Screen, size: Size) -> Stage {
    let stage = Stage(root: root, size: size)
    stage.mount()
    stage.frame()
    return stage
  }

  /// A one-row parent of `text` with a two-cell child of `xy` at `x`, drawn once.
  private func parentAndChild(_ text: String, childAt x: Int, width: Int) -> (RowsScreen, Stage) {
    let parent = RowsScreen([text])
    let child = RowsScreen(["xy"])
    parent.addChild(child)
    child.frame = Rect(x: x, y: 0, width: 2, height: 1)
    return (child, mountedStage(parent, size: Size(width: width, height: 1)))
  }

  @Test func damageWhoseEdgeCutsAWideCharacterRedrawsItWhole() {
    let screen = RowsScreen(["ab世cd"])
    let stage = mountedStage(screen, size: Size(width: 8, height: 1))
    let before = stage.canvas.grid
    // Column 3 is the second half of 世, column 2 its first.
    screen.setNeedsDisplay(in: Rect(x: 3, y: 0, width: 2, height: 1))
    let damage = stage.frame().redrawn
    #expect(stage.canvas.grid.text(ofRow: 0) == "ab世cd  ")
    #expect(changesOutside(damage, before: before, after: stage.canvas.grid).isEmpty)
    screen.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 3, height: 1))
    stage.frame()
    #expect(stage.canvas.grid == fullRender(of: ["ab世cd"], size: Size(width: 8, height: 1)))
  }

  @Test func aChildCuttingItsParentsWideCharacterRedrawsLikeAFullFrame() {
    let (child, stage) = parentAndChild("世界世界世界", childAt: 3, width: 12)
    let full = stage.canvas.grid
    #expect(full.text(ofRow: 0) == "世 xy 界世界")
    child.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 1, height: 1))
    let before = stage.canvas.grid
    let damage = stage.frame().redrawn
    #expect(stage.canvas.grid == full)
    #expect(changesOutside(damage, before: before, after: stage.canvas.grid).isEmpty)
  }

  // The edge of what is redrawn can cut a wide character of the new frame, not only of the
  // last: here the parent's 世 at columns 0-1, uncovered at column 1 only.
  @Test func aChildMovingOffItsParentsWideCharactersUncoversThemWhole() {
    let (child, stage) = parentAndChild("世界世界", childAt: 1, width: 10)
    #expect(stage.canvas.grid.text(ofRow: 0) == " xy 世界  ")
    child.frame = Rect(x: 8, y: 0, width: 2, height: 1)
    let before = stage.canvas.grid
    let damage = stage.frame().redrawn
    #expect(stage.canvas.grid.text(ofRow: 0) == "世界世界xy")
    #expect(changesOutside(damage, before: before, after: stage.canvas.grid).isEmpty)
  }

  /// Random texts with wide characters and random partial invalidations: redrawing part of
  /// unchanged content leaves what one full frame draws, a partial redraw of changed content
  /// changes nothing outside its damage, and no half of a wide character is ever left.
  @Test func randomPartialRedrawsMatchAFullFrameAndStayInsideTheirDamage() {
    let pieces = ["a", "b", " ", "世", "界", "日", "é", "❤️", "🇫🇷", "x"]
    var random = SeededRandom(seed: 12)
    let size = Size(width: 9, height: 3)
    func randomRows() -> [String] {
      (0..<size.height).map { _ in
        (0..<Int.random(in: 0...8, using: &random)).map { _ in
          pieces.randomElement(using: &random)!
        }.joined()
      }
    }
    func randomRect() -> Rect {
      let x = Int.random(in: 0..<size.width, using: &random)
      let y = Int.random(in: 0..<size.height, using: &random)
      return Rect(
        x: x, y: y, width: Int.random(in: 1...(size.width - x), using: &random),
        height: Int.random(in: 1...(size.height - y), using: &random))
    }
    func isWhole(_ grid: CellGrid) -> Bool {
      (0..<size.height).allSatisfy { y in
        (0..<size.width).allSatisfy { x in
          let cell = grid[x, y]
          if cell.width == 2 { return x + 1 < size.width && grid[x + 1, y].isContinuation }
          if cell.isContinuation { return x > 0 && grid[x - 1, y].width == 2 }
          return true
        }
      }
    }
    let screen = RowsScreen(randomRows())
    let stage = Stage(root: screen, size: size)
    stage.mount()
    stage.frame()
    for round in 0..<300 {
      screen.rows = randomRows()
      screen.setNeedsDisplay()
      stage.frame()
      let full = fullRender(of: screen.rows, size: size)
      for _ in 0..<3 {
        let rect = randomRect()
        screen.setNeedsDisplay(in: rect)
        stage.frame()
        guard stage.canvas.grid == full else {
          Issue.record(
            "round \(round): redrawing \(rect) of \(screen.rows) left \(stage.canvas.grid.lines)")
          return
        }
      }
      screen.rows = randomRows()
      let rect = randomRect()
      screen.setNeedsDisplay(in: rect)
      let before = stage.canvas.grid
      let damage = stage.frame().redrawn
      let outside = changesOutside(damage, before: before, after: stage.canvas.grid)
      guard outside.isEmpty, isWhole(stage.canvas.grid) else {
        Issue.record(
          "round \(round): redrawing \(rect) changed \(outside) and left \(stage.canvas.grid.lines)"
        )
        return
      }
    }
  }
}

/// Draws one line of text per row.
@MainActor
private final class RowsScreen: Screen {
  var rows: [String]

  init(_ rows: [String]) {
    self.rows = rows
    super.init()
  }

  override func layoutChildren() {}

  override func draw(in canvas: inout Canvas) {
    for (y, row) in rows.enumerated() { canvas.drawText(row, at: Point(x: 0, y: y)) }
  }
}

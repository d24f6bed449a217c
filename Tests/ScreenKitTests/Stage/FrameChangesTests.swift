import ScreenKit
import ScreenKitTesting
import Testing

/// The core hands each frame's changed cells to the host: exactly the cells that differ, in
/// row order, whole wide characters, and every cell after a resize or a lost output.
@MainActor
@Suite struct FrameChangesTests {
  @Test func movingAListSelectionChangesTheTwoRows() async {
    let rows: [any ListRowDisplayable] = (0..<5).map { PlainRow(title: "Row \($0)") }
    let harness = ScreenHarness(root: ListScreen(rows: rows), size: Size(width: 20, height: 5))
    harness.press(.down)
    expectChangedRows(harness, [0, 1])
    harness.press(.down, .down)
    expectChangedRows(harness, [2, 3])
    await harness.finish()
  }

  @Test func aWideCharacterCutByTheDamageIsChangedWhole() async {
    let screen = TextRowsScreen(["ab世cd"])
    let harness = ScreenHarness(root: screen, size: Size(width: 8, height: 1))
    screen.rows = ["ab界cd"]
    // Column 3 is the second half of the wide character, column 2 its first.
    screen.setNeedsDisplay(in: Rect(x: 3, y: 0, width: 1, height: 1))
    harness.renderIfNeeded()
    #expect(harness.lastFrameChanges.runs == [CellRun(y: 0, x: 2, count: 2)])
    screen.rows = ["abxycd"]
    screen.setNeedsDisplay(in: Rect(x: 3, y: 0, width: 1, height: 1))
    harness.renderIfNeeded()
    #expect(harness.lines == ["abxycd  "])
    expectChangedCells(harness, [Point(x: 2, y: 0), Point(x: 3, y: 0)])
    await harness.finish()
  }

  @Test func aFrameThatDrawsTheSameCellsChangesNothing() async {
    let screen = TextRowsScreen(["same", "text"])
    let harness = ScreenHarness(root: screen, size: Size(width: 8, height: 2))
    harness.stage.setNeedsDisplay()
    harness.renderIfNeeded()
    #expect(harness.lastFrameDrawCount == 1)
    expectChangedCells(harness, [])
    await harness.finish()
  }

  @Test func theFirstFrameAndAResizeAreFullRepaintsInRowOrder() async {
    let screen = TextRowsScreen(["one", "two"])
    let harness = ScreenHarness(root: screen, size: Size(width: 4, height: 2))
    #expect(harness.lastFrameChanges.isFullRepaint)
    #expect(
      harness.lastFrameChanges.runs == [
        CellRun(y: 0, x: 0, count: 4), CellRun(y: 1, x: 0, count: 4),
      ]
    )
    harness.resize(to: Size(width: 3, height: 1))
    #expect(harness.lastFrameChanges.isFullRepaint)
    #expect(harness.lastFrameChanges.runs == [CellRun(y: 0, x: 0, count: 3)])
    await harness.finish()
  }

  @Test func aLostOutputIsRepaintedWithoutDrawingAnyScreen() async {
    let screen = TextRowsScreen(["one", "two"])
    let harness = ScreenHarness(root: screen, size: Size(width: 4, height: 2))
    harness.stage.invalidateOutput()
    #expect(harness.stage.needsFrame)
    harness.renderIfNeeded()
    #expect(harness.lastFrameDrawCount == 0)
    #expect(harness.lastFrameChanges.isFullRepaint)
    #expect(harness.lastFrameChanges.cellCount == 8)
    await harness.finish()
  }

  @Test func overlappingDamageGivesEachChangedCellOnceInRowOrder() {
    var before = Canvas(size: Size(width: 6, height: 3))
    before.drawText("abcdef", at: Point(x: 0, y: 0))
    var differ = FrameDiffer()
    _ = differ.changes(in: before.grid, redrawn: [])
    var after = before
    after.drawText("xy", at: Point(x: 1, y: 2))
    after.drawText("XYZ", at: Point(x: 2, y: 0))
    let changes = differ.changes(
      in: after.grid,
      redrawn: [
        Rect(x: 0, y: 1, width: 6, height: 2), Rect(x: 1, y: 0, width: 3, height: 1),
        Rect(x: 2, y: 0, width: 4, height: 3),
      ])
    #expect(changes.runs == [CellRun(y: 0, x: 2, count: 3), CellRun(y: 2, x: 1, count: 2)])
    #expect(!changes.isFullRepaint)
  }
}

/// Draws one line of text per row.
@MainActor
private final class TextRowsScreen: Screen {
  var rows: [String]

  init(_ rows: [String]) {
    self.rows = rows
    super.init()
  }

  override func draw(in canvas: inout Canvas) {
    for (y, row) in rows.enumerated() { canvas.drawText(row, at: Point(x: 0, y: y)) }
  }
}

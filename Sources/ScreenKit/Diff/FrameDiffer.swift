/// Finds the cells a frame changed, by comparing the rectangles drawn again with its own record
/// of the frame before.
///
/// A ``Stage`` keeps one and hands out its result from ``Stage/frame()``; make one yourself
/// only to diff grids that no stage rendered. The record is updated cell by cell, so a frame
/// costs what it changed, and the result's storage is reused from frame to frame.
///
/// The record is a word per cell (`CellRecord`), not a copy of the grid: a third of the
/// memory, which is what a server of many sessions holds per session (each has a stage).
public struct FrameDiffer: Sendable {
  /// The last frame, a record per cell, row after row.
  private var previous: [CellRecord] = []
  /// The last frame's cells whose records do not hold them (graphemes of several scalars), by
  /// index.
  private var keptCells: [Int: Cell] = [:]
  private var previousSize = Size.zero
  private var hasPrevious = false
  private var changes = FrameChanges()

  /// Creates a differ whose first frame is a full repaint.
  public init() {}

  /// Forgets the last frame, so the next one is a full repaint.
  public mutating func invalidate() {
    hasPrevious = false
  }

  /// The cells of `grid` that differ from the last frame, looking only inside `redrawn`
  /// (nothing outside it can have changed); every cell after ``invalidate()`` or a size change.
  public mutating func changes(in grid: CellGrid, redrawn: [Rect]) -> FrameChanges {
    changes.runs.removeAll(keepingCapacity: true)
    // NB: copied, not shared: the stage refills its own list next frame without reallocating.
    changes.redrawn.removeAll(keepingCapacity: true)
    changes.redrawn.append(contentsOf: redrawn)
    guard hasPrevious, previousSize == grid.size else {
      remember(grid)
      hasPrevious = true
      changes.isFullRepaint = true
      let width = grid.size.width
      if width > 0 {
        for y in 0..<grid.size.height { changes.runs.append(CellRun(y: y, x: 0, count: width)) }
      }
      return changes
    }
    changes.isFullRepaint = false
    var inOrder = true
    for rect in redrawn {
      let rect = rect.intersection(grid.bounds)
      guard !rect.isEmpty else { continue }
      for y in rect.minY..<rect.maxY {
        diffRow(y, from: rect.minX, to: rect.maxX, of: grid, inOrder: &inOrder)
      }
    }
    if !inOrder { sortRuns() }
    return changes
  }

  /// Records every cell of `grid` as the last frame.
  private mutating func remember(_ grid: CellGrid) {
    previousSize = grid.size
    previous.removeAll(keepingCapacity: true)
    previous.reserveCapacity(grid.cells.count)
    keptCells.removeAll()
    for (index, cell) in grid.cells.enumerated() {
      let record = CellRecord(cell)
      previous.append(record)
      if record.isKept { keptCells[index] = cell }
    }
  }

  private mutating func diffRow(
    _ y: Int, from minX: Int, to maxX: Int, of grid: CellGrid, inOrder: inout Bool
  ) {
    let width = grid.size.width
    let row = y * width
    var minX = minX
    var maxX = maxX
    // NB: an edge that cuts a wide character, in this frame or the last, takes it whole: the
    // canvas blanked its other half, and a terminal keeps a half it is not given.
    if minX > 0, grid.cells[row + minX].width == 0 || previous[row + minX].width == 0 {
      minX -= 1
    }
    if maxX < width,
      grid.cells[row + maxX - 1].width == 2 || previous[row + maxX - 1].width == 2
    {
      maxX += 1
    }
    var start = -1
    for x in minX..<maxX {
      let index = row + x
      // NB: the record is read from the cell in place: a copy of the cell retained and
      // released its character, 15 % of a full frame's diff (callgrind, 300 to 256 thousand
      // instructions at 80x24).
      let record = grid.cells.withUnsafeBufferPointer { CellRecord($0[index]) }
      let last = previous[index]
      if record == last, !record.isKept || keptCells[index] == grid.cells[index] {
        if start >= 0 {
          append(y, start, x, of: grid, inOrder: &inOrder)
          start = -1
        }
        continue
      }
      previous[index] = record
      if record.isKept {
        keptCells[index] = grid.cells[index]
      } else if last.isKept {
        keptCells[index] = nil
      }
      if start < 0 { start = x }
    }
    if start >= 0 { append(y, start, maxX, of: grid, inOrder: &inOrder) }
  }

  /// Adds the changed cells `start..<end` of row `y`, grown to whole wide characters (the
  /// cells they grow by are unchanged, so the copy needs no update) and merged with the run
  /// before when they touch.
  private mutating func append(
    _ y: Int, _ start: Int, _ end: Int, of grid: CellGrid, inOrder: inout Bool
  ) {
    let width = grid.size.width
    var start = start
    var end = end
    if start > 0, grid.cells[y * width + start].isContinuation { start -= 1 }
    if end < width, grid.cells[y * width + end - 1].width == 2 { end += 1 }
    if let last = changes.runs.last {
      if last.y == y, last.x <= start, start <= last.endX {
        changes.runs[changes.runs.count - 1].count = max(last.endX, end) - last.x
        return
      }
      if last.y > y || (last.y == y && last.x > start) { inOrder = false }
    }
    changes.runs.append(CellRun(y: y, x: start, count: end - start))
  }

  /// Puts runs from several rectangles in row order and merges those that overlap or touch.
  private mutating func sortRuns() {
    guard !changes.runs.isEmpty else { return }
    changes.runs.sort { ($0.y, $0.x) < ($1.y, $1.x) }
    var merged = 0
    for index in changes.runs.indices {
      let run = changes.runs[index]
      if index > 0, changes.runs[merged].y == run.y, run.x <= changes.runs[merged].endX {
        let end = max(changes.runs[merged].endX, run.endX)
        changes.runs[merged].count = end - changes.runs[merged].x
      } else if index > 0 {
        merged += 1
        changes.runs[merged] = run
      }
    }
    changes.runs.removeLast(changes.runs.count - merged - 1)
  }
}

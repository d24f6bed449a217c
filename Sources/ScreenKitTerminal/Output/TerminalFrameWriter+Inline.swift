package import ScreenKit

/// What only an inline region does: lines printed above it, its full repaint making room at
/// the cursor, and the bytes that end it (prepared ahead for a signal's restore).
///
/// ScreenKitCurses's inline region calls these itself; on the screen, ``draw(_:of:)`` is the
/// whole job.
extension TerminalFrameWriter {
  /// What a signal's restore, prepared ahead, depends on: the rows the exit keeps, whether
  /// it goes back to the saved top, and otherwise the row it goes up from.
  @usableFromInline
  package struct Restore: Equatable {
    package var rowsInUse: Int
    package var isTopSaved: Bool
    package var rowsUp: Int

    @usableFromInline
    package init(rowsInUse: Int, isTopSaved: Bool, rowsUp: Int) {
      self.rowsInUse = rowsInUse
      self.isTopSaved = isTopSaved
      self.rowsUp = rowsUp
    }
  }

  /// What `leave(keepingLastFrame:restoringCursor:)` depends on for a restore; when it
  /// changes, the restore is prepared again.
  ///
  /// NB: inlinable: the inline region reads it after every frame, and a call into this
  /// module copies the whole writer out of the region's property first (its sequences' 30
  /// fields retained and released: 1,200 instructions a frame); inlined, it reads 3 fields.
  @inlinable
  package var restore: Restore {
    Restore(rowsInUse: rowsInUse, isTopSaved: isTopSaved, rowsUp: isTopSaved ? 0 : row)
  }

  /// Writes `lines` above the region, each its text (no control character left) and its style.
  ///
  /// Clears the region, writes the lines where it was (the terminal wraps a line wider than
  /// itself), and leaves the region's top on the line after them; the caller repaints the
  /// region next.
  package mutating func commit(_ lines: [(text: String, style: Style)]) {
    commit(runs: lines.map { [$0] })
  }

  /// Writes `lines` above the region as ``commit(_:)`` does, each made of runs of text in
  /// their own styles.
  package mutating func commit(runs lines: [[(text: String, style: Style)]]) {
    guard !lines.isEmpty else { return }
    upToTheTopRow()
    output += sequences.clearBelow
    for line in lines {
      for run in line {
        setStyle(run.style)
        output += run.text.utf8
      }
      setStyle(.plain)
      output += sequences.carriageReturn
      output += sequences.lineFeed
    }
    column = 0
    forgetScreen()
  }

  /// Draws every cell of `grid` in a region of `grid`'s height, inline.
  ///
  /// Clears from the top to the end of the screen, makes room below by scrolling when the
  /// region does not fit, and draws the cells that are not blank.
  package mutating func repaint(_ grid: CellGrid) {
    upToTheTopRow()
    output += sequences.clearBelow
    let height = grid.size.height
    if rowsOnScreen < height {
      // NB: line feeds scroll the history up into the scrollback when the region does not
      // fit below the cursor; going back up then lands on the region's new top.
      for _ in 1..<max(1, height) { output += sequences.lineFeed }
      if height > 1 { output += sequences.up(height - 1) }
      output += sequences.saveCursor
      isTopSaved = !sequences.saveCursor.isEmpty
      rowsOnScreen = height
    }
    row = 0
    column = 0
    for y in 0..<height {
      for x in 0..<grid.size.width {
        let cell = grid[x, y]
        guard !cell.isContinuation, cell != .blank else { continue }
        put(cell, x: x, y: y, width: grid.size.width)
      }
    }
    home()
    rowsInUse = Self.rowsInUse(of: grid)
  }

  /// The bytes that end the region from its top-left: the kept rows stepped over (scrolling
  /// at the bottom) and the rest cleared, or all of it cleared; the cursor then is on the line
  /// below.
  ///
  /// From between frames, the region's top is the cursor's row up; a restore prepared for a
  /// signal goes back to the saved top (`rc`) where there is one, whatever a frame it cut
  /// short left.
  package func leave(keepingLastFrame: Bool, restoringCursor: Bool) -> [UInt8] {
    var bytes: [UInt8] = []
    if restoringCursor && isTopSaved {
      bytes += sequences.restoreCursor
    } else if row > 0 {
      bytes += sequences.up(row)
    }
    bytes += sequences.carriageReturn
    if keepingLastFrame {
      for _ in 0..<rowsInUse { bytes += sequences.lineFeed }
    }
    bytes += sequences.clearBelow
    bytes += sequences.plain
    return bytes
  }

  static func rowsInUse(of grid: CellGrid) -> Int {
    var y = grid.size.height
    while y > 0 {
      for x in 0..<grid.size.width where grid[x, y - 1] != .blank { return y }
      y -= 1
    }
    return 0
  }
}

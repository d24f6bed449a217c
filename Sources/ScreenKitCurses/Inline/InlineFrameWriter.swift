import ScreenKit
import ScreenKitTerminal

/// Turns frames into the bytes that draw them in an inline region, with the terminal's own
/// sequences and relative movement only.
///
/// Between frames the cursor rests at the region's top-left cell. That cell is the start of
/// a line the terminal never wraps (a frame never writes past the last column), so wherever a
/// resize rewraps lines, it is still the region's start: the next repaint clears from it to
/// the end of the screen, the union of the old region and the new, and touches nothing above.
/// A spinner at that cell costs its glyph and one carriage return per frame.
///
/// Where the focused screen has a cursor (a text field), the terminal's cursor is shown at its
/// cell after the frame and rests there instead; the next frame moves from that cell, which
/// it knows, and whatever clears or leaves the region (a repaint, printed lines, the exit)
/// goes back up to the top-left first.
///
/// Rows are never counted for what is printed above: the terminal wraps committed lines
/// itself, and the region starts on the line after them, wherever that is.
struct InlineFrameWriter {
  /// The sequences of the terminal.
  let sequences: InlineSequences
  /// How many colours cells are drawn with.
  let depth: ColorDepth
  /// On a direct-colour terminal, the colour numbers below which `setaf` picks palette entries.
  let indexedColors: Int

  /// The bytes written since the last ``take()``.
  private(set) var output: [UInt8] = []
  /// The cursor's row in the region: where a frame being written is, and between frames 0,
  /// or the shown cursor's row.
  private(set) var row = 0
  /// The cursor's column, or `nil` after a write into the last column (the terminal then
  /// holds a pending wrap, and only an absolute move is sure).
  private var column: Int? = 0
  /// Whether the terminal's cursor is shown (where it rests between frames).
  private(set) var isCursorShown = false
  /// The style the terminal writes with now.
  private var style = Style.plain
  /// How many rows from the region's top are known to be on the screen; a repaint makes room
  /// for the rest.
  private var rowsOnScreen = 0
  /// The rows of the last frame down to its last non-blank one: what an exit that keeps the
  /// frame leaves in the scrollback.
  private(set) var rowsInUse = 0
  /// Whether the terminal holds the region's top as its saved cursor (`sc`), for a restore
  /// to go back to; not before the first repaint, nor once the region moved.
  private(set) var isTopSaved = false

  /// What a signal's restore, prepared ahead, depends on: the rows the exit keeps, whether
  /// it goes back to the saved top, and otherwise the row it goes up from.
  struct Restore: Equatable {
    var rowsInUse: Int
    var isTopSaved: Bool
    var rowsUp: Int
  }

  /// What ``leave(_:restoringCursor:)`` depends on for a restore; when it changes, the
  /// restore is prepared again.
  var restore: Restore {
    Restore(rowsInUse: rowsInUse, isTopSaved: isTopSaved, rowsUp: isTopSaved ? 0 : row)
  }

  init(sequences: InlineSequences, depth: ColorDepth, indexedColors: Int = 256) {
    self.sequences = sequences
    self.depth = depth
    self.indexedColors = indexedColors
    output.reserveCapacity(4096)
  }

  /// Adds `bytes` to the output as they are (a request to the terminal).
  mutating func append(_ bytes: [UInt8]) {
    output += bytes
  }

  /// Returns the bytes written so far and starts anew.
  mutating func take() -> [UInt8] {
    defer { output.removeAll(keepingCapacity: true) }
    return output
  }

  /// Writes the bytes written so far to `descriptor`, whole, and starts anew.
  ///
  /// NB: not `take()`: the copy it returns shares the buffer, so clearing it after allocates
  /// a new one, once a frame.
  mutating func flush(to descriptor: Int32) {
    DescriptorOutput.writeAll(output, to: descriptor)
    output.removeAll(keepingCapacity: true)
  }

  /// Forgets which rows are on the screen (after a resize, or a stop that gave the terminal
  /// to the shell): the next repaint makes room for the region again.
  mutating func forgetScreen() {
    rowsOnScreen = 0
    isTopSaved = false
  }

  /// Starts the region again at the cursor, hidden, after the terminal was the shell's (a
  /// stop and a continue): what the shell wrote moved it.
  mutating func restartAtCursor() {
    forgetScreen()
    row = 0
    column = 0
    isCursorShown = false
  }

  /// Notes that the terminal's cursor was hidden behind the writer's back (the session's
  /// set-up written again).
  mutating func cursorWasHidden() {
    isCursorShown = false
  }

  /// Writes `lines` above the region: clears it, writes them where it was (the terminal wraps
  /// a line wider than itself), and leaves the region's top on the line after them; the
  /// caller repaints the region next.
  mutating func commit(_ lines: [PrintedLine]) {
    guard !lines.isEmpty else { return }
    upToTheTopRow()
    output += sequences.clearBelow
    for line in lines {
      setStyle(line.style)
      output += line.text.utf8
      setStyle(.plain)
      output += sequences.carriageReturn
      output += sequences.lineFeed
    }
    column = 0
    forgetScreen()
  }

  /// Draws every cell of `grid` in a region of `grid`'s height: clears from the top to the end
  /// of the screen, makes room below by scrolling when the region does not fit, and draws the
  /// cells that are not blank.
  mutating func repaint(_ grid: CellGrid) {
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

  /// Draws the cells `changes` names, from where the cursor rests, and rests it at `cursor`
  /// (see ``rest(at:)``).
  mutating func update(_ changes: FrameChanges, of grid: CellGrid, cursor: Point? = nil) {
    for run in changes.runs {
      var x = run.x
      for cell in grid.cells(in: run) {
        if !cell.isContinuation { put(cell, x: x, y: run.y, width: grid.size.width) }
        x += 1
      }
    }
    rest(at: cursor)
    // NB: only a change at or below the last row in use can move it, and the rows are
    // scanned only when that row may have become blank: a spinner frame scans nothing.
    var mayShrink = false
    for run in changes.runs where run.y + 1 >= rowsInUse {
      if grid.cells(in: run).contains(where: { $0 != .blank }) {
        rowsInUse = max(rowsInUse, run.y + 1)
      } else if run.y + 1 == rowsInUse {
        mayShrink = true
      }
    }
    if mayShrink { rowsInUse = Self.rowsInUse(of: grid) }
  }

  /// The bytes that end the region from its top-left: the kept rows stepped over (scrolling
  /// at the bottom) and the rest cleared, or all of it cleared; the cursor then is on the line
  /// below.
  ///
  /// From between frames, the region's top is the cursor's row up; a restore prepared for a
  /// signal goes back to the saved top (`rc`) where there is one, whatever a frame it cut
  /// short left.
  func leave(_ exit: InlineExit, restoringCursor: Bool) -> [UInt8] {
    var bytes: [UInt8] = []
    if restoringCursor && isTopSaved {
      bytes += sequences.restoreCursor
    } else if row > 0 {
      bytes += sequences.up(row)
    }
    bytes += sequences.carriageReturn
    if exit == .keepLastFrame {
      for _ in 0..<rowsInUse { bytes += sequences.lineFeed }
    }
    bytes += sequences.clearBelow
    bytes += sequences.plain
    return bytes
  }

  // MARK: Cells

  private mutating func put(_ cell: Cell, x: Int, y: Int, width: Int) {
    move(toRow: y, column: x)
    setStyle(cell.style)
    output += cell.character.utf8
    let next = x + max(1, Int(cell.width))
    column = next >= width ? nil : next
  }

  /// Ends a frame in plain style where the cursor rests: shown at `cursor`, a cell of the
  /// region, or hidden at the region's top-left.
  ///
  /// Without a cursor before or after, this is the carriage return (and the rows up) of any
  /// frame; the cursor is shown once it is there and hidden before it goes.
  mutating func rest(at cursor: Point?) {
    guard let cursor else {
      if isCursorShown {
        output += sequences.hideCursor
        isCursorShown = false
      }
      home()
      return
    }
    setStyle(.plain)
    move(toRow: cursor.y, column: cursor.x)
    if !isCursorShown {
      output += sequences.showCursor
      isCursorShown = true
    }
  }

  /// Back to the region's top-left, in plain style.
  private mutating func home() {
    setStyle(.plain)
    if column != 0 { output += sequences.carriageReturn }
    upToTheTopRow()
    column = 0
  }

  /// Up to the region's top row, from a frame's last cell or the shown cursor's, before what
  /// clears from the top-left.
  ///
  /// NB: after a resize that rewrapped the rows above the cursor, or put the cursor past a
  /// wrap, this stops short of the top: it never goes above the region.
  private mutating func upToTheTopRow() {
    if row > 0 { output += sequences.up(row) }
    row = 0
  }

  private mutating func move(toRow y: Int, column x: Int) {
    if y > row {
      // NB: line feeds, not `cud`: a terminal drops the rows below the cursor first when it
      // gets shorter, and tells the program later (tmux holds a pane's size back for up to
      // 250 ms). `cud` stops at the bottom where those rows were, and the climb back up by
      // the same count then lands in the history, which the next clear erases. A line feed
      // scrolls there instead (the history goes up into the scrollback, whole), so the rows
      // down are rows of the region, and the climb back ends on its top.
      for _ in row..<y { output += sequences.lineFeed }
    } else if y < row {
      output += sequences.up(row - y)
    }
    row = y
    guard column != x else { return }
    if x == 0 {
      output += sequences.carriageReturn
    } else if let column, column == x + 1, let left = sequences.left1 {
      output += left
    } else {
      var best = sequences.carriageReturn + sequences.right(x)
      if let absolute = sequences.column?(x), absolute.count < best.count { best = absolute }
      if let column, column < x {
        let relative = sequences.right(x - column)
        if relative.count < best.count { best = relative }
      }
      output += best
    }
    column = x
  }

  private mutating func setStyle(_ new: Style) {
    guard new != style else { return }
    if style != .plain { output += sequences.plain }
    style = new
    if new.attributes.contains(.bold), let bold = sequences.bold { output += bold }
    if new.attributes.contains(.dim), let dim = sequences.dim { output += dim }
    if new.attributes.contains(.underline), let underline = sequences.underline {
      output += underline
    }
    if new.attributes.contains(.reverse), let reverse = sequences.reverse { output += reverse }
    guard depth != .monochrome else { return }
    if let number = number(of: new.foreground), let foreground = sequences.foreground {
      output += foreground(number)
    }
    if let number = number(of: new.background), let background = sequences.background {
      output += background(number)
    }
  }

  private func number(of color: Color) -> Int? {
    guard let index = depth.degrade(color).index else { return nil }
    guard depth == .direct, Int(index) >= indexedColors else { return Int(index) }
    return CursesPalette.directNumber(of: index, indexedColors: indexedColors)
  }

  private static func rowsInUse(of grid: CellGrid) -> Int {
    var y = grid.size.height
    while y > 0 {
      for x in 0..<grid.size.width where grid[x, y - 1] != .blank { return y }
      y -= 1
    }
    return 0
  }
}

public import ScreenKit

/// Turns the frames of ScreenKit's canvas into the bytes that draw them on a terminal: cursor
/// moves, Select Graphic Rendition for the styles, colours degraded to the terminal's
/// ``ColorDepth``, and the cursor shown where the focused screen has one.
///
/// A host that writes escape codes itself (on ``ANSITerminal``, or one session of a network
/// server) draws each frame of a `ScreenHost` or `Stage` with ``draw(_:of:)`` and writes
/// ``output`` to its terminal:
///
/// ```swift
/// var writer = TerminalFrameWriter(depth: .palette256, placement: .screen(origin: .zero))
/// if host.needsFrame {
///   writer.draw(host.frame(), of: host.grid)
///   terminal.write(writer.take())
/// }
/// ```
///
/// It writes xterm's sequences, which every terminal emulator in use understands; the inline
/// region of ScreenKitCurses draws with the same writer and the terminal's terminfo
/// sequences. The writer writes nothing by itself: each call adds to ``output``, and the
/// program decides when the bytes go out. It is a value with no lock: one writer per terminal,
/// used from one thread (or actor) at a time.
///
/// ## Placements
///
/// ``Placement/screen(origin:)`` draws a grid at a fixed cell of the screen (the alternate
/// screen, or a pane of it): each frame starts with an absolute move, so the program may write
/// anywhere between frames, and a full repaint's runs cover every cell.
///
/// ``Placement/inline`` draws a region of rows at the cursor, in the normal screen, with
/// relative movement only.
///
/// Between frames of an inline region the cursor rests at the region's top-left cell. That
/// cell is the start of a line the terminal never wraps (a frame never writes past the last
/// column), so wherever a resize rewraps lines, it is still the region's start: the next
/// repaint clears from it to the end of the screen, the union of the old region and the new,
/// and touches nothing above. A spinner at that cell costs its glyph and one carriage return
/// per frame.
///
/// After a frame the terminal's cursor rests on the focus (`FrameChanges.focus`: a text
/// field's insertion point, a list's selected row), shown at an insertion point and elsewhere
/// only with ``showsFocusCursor``; inline, it rests at the region's top-left only while
/// nothing has focus. The next frame moves from that cell, which it knows, and whatever clears
/// or leaves the region (a repaint, printed lines, the exit) goes back up to the top-left
/// first.
///
/// Rows are never counted for what is printed above: the terminal wraps committed lines
/// itself, and the region starts on the line after them, wherever that is.
public struct TerminalFrameWriter {
  /// Where on the terminal a frame's grid is drawn.
  public enum Placement: Hashable, Sendable {
    /// At a fixed cell of the screen, zero-based: the grid's top-left cell is drawn at
    /// `origin`. Each frame moves there absolutely, so the program may write anywhere between
    /// frames.
    case screen(origin: Point)
    /// In a region of rows at the cursor, in the normal screen: relative moves only, the
    /// history above never addressed. The cursor rests at the region's top-left between
    /// frames, so the program writes nothing between them.
    case inline
  }

  /// The sequences of the terminal.
  package let sequences: TerminalSequences
  /// How many colours cells are drawn with.
  public let depth: ColorDepth
  /// Where the grid is drawn.
  public let placement: Placement
  /// On a direct-colour terminal, the colour numbers below which `setaf` picks palette entries.
  let indexedColors: Int
  /// The screen cell of the grid's top-left for ``Placement/screen(origin:)``; `nil` inline.
  ///
  /// NB: a stored optional, not the enum, so that the inline path tests one word per move.
  private let origin: Point?
  /// Whether the cursor is at the cell `row` and `column` name (on the screen; inline it
  /// always is): false from the start of each frame until its first absolute move.
  var isPlaced = true

  /// The bytes written since the last ``take()`` or ``flush(to:)``.
  public internal(set) var output: [UInt8] = []
  /// The cursor's row in the region: where a frame being written is, and between frames 0,
  /// or the shown cursor's row.
  @usableFromInline package internal(set) var row = 0
  /// The cursor's column, or `nil` after a write into the last column (the terminal then
  /// holds a pending wrap, and only an absolute move is sure).
  var column: Int? = 0
  /// Whether the terminal's cursor is shown (where it rests between frames).
  public private(set) var isCursorShown = false
  /// Whether the cursor shows where it rests on the focused element (a list's selected row,
  /// a focused button), not only at a text field's insertion point; `false` by default.
  ///
  /// It rests there either way, which screen readers and braille displays follow; shown, a
  /// user who reads the screen by eye sees it too.
  public var showsFocusCursor = false
  /// The style the terminal writes with now.
  private var style = Style.plain
  /// How many rows from the region's top are known to be on the screen; a repaint makes room
  /// for the rest.
  var rowsOnScreen = 0
  /// The rows of the last frame down to its last non-blank one: what an exit that keeps the
  /// frame leaves in the scrollback.
  @usableFromInline package internal(set) var rowsInUse = 0
  /// Whether the terminal holds the region's top as its saved cursor (`sc`), for a restore
  /// to go back to; not before the first repaint, nor once the region moved.
  @usableFromInline package internal(set) var isTopSaved = false

  /// A writer of xterm's sequences, colours degraded to `depth`, drawing at `placement`.
  ///
  /// A terminal that takes 256 colours (`TERM` ending in `256color`, or `COLORTERM` set) is
  /// ``ColorDepth/palette256``; one whose `TERM` is `xterm`, `screen` or `linux` alone is
  /// ``ColorDepth/sixteen`` or less; `NO_COLOR` makes any ``ColorDepth/monochrome``.
  /// ``ColorDepth/direct`` draws as 256 colours: ScreenKit's colours are palette entries, and
  /// xterm's sequences send them as such.
  public init(depth: ColorDepth, placement: Placement) {
    self.init(sequences: .xterm, depth: depth, placement: placement)
  }

  /// A writer of `sequences`, the terminal's own; `indexedColors` is the direct-colour
  /// terminal's limit (terminfo's `setaf` picks palette entries below it).
  package init(
    sequences: TerminalSequences, depth: ColorDepth, placement: Placement = .inline,
    indexedColors: Int = 256
  ) {
    self.sequences = sequences
    self.depth = depth
    self.placement = placement
    self.indexedColors = indexedColors
    if case .screen(let origin) = placement { self.origin = origin } else { origin = nil }
    output.reserveCapacity(4096)
  }

  /// Adds `bytes` to the output as they are (a request to the terminal).
  package mutating func append(_ bytes: [UInt8]) {
    output += bytes
  }

  /// Draws a frame: the cells `changes` names, then the cursor at `changes.focus`, shown at
  /// `changes.cursor` (and at the focus with ``showsFocusCursor``) or hidden, in plain style.
  ///
  /// Inline, a full repaint (after a resize or `invalidateOutput()`) clears the region and
  /// makes room for its rows; on the screen, its runs cover every cell.
  public mutating func draw(_ changes: FrameChanges, of grid: CellGrid) {
    let resting = CursorRest(
      cursor: changes.cursor, focus: changes.focus, showingFocus: showsFocusCursor,
      followsHiddenFocus: origin != nil)
    guard origin == nil else {
      // NB: the program may have written anywhere since the last frame.
      isPlaced = false
      update(changes, of: grid, cursor: resting.point, shown: resting.isShown)
      return
    }
    if changes.isFullRepaint {
      repaint(grid)
      rest(at: resting.point, shown: resting.isShown)
    } else {
      update(changes, of: grid, cursor: resting.point, shown: resting.isShown)
    }
  }

  /// Returns the bytes written so far and starts anew.
  public mutating func take() -> [UInt8] {
    defer { output.removeAll(keepingCapacity: true) }
    return output
  }

  /// Writes the bytes written so far to `descriptor`, whole (retrying after a signal, giving
  /// up when the descriptor fails), and starts anew.
  ///
  /// It allocates nothing, where ``take()`` does once a frame: the copy `take()` returns shares
  /// the buffer, so the next frame's bytes go into a new one.
  public mutating func flush(to descriptor: Int32) {
    DescriptorOutput.writeAll(output, to: descriptor)
    output.removeAll(keepingCapacity: true)
  }

  /// Forgets which rows are on the screen, after a resize: inline, the next full repaint makes
  /// room for the region again.
  public mutating func forgetScreen() {
    rowsOnScreen = 0
    isTopSaved = false
  }

  /// Starts again with the cursor hidden, after the terminal was set up again.
  ///
  /// After a stop and a continue, say: inline, the region starts at the cursor, as what the
  /// shell wrote moved it. Draw a full repaint next.
  public mutating func restart() {
    forgetScreen()
    row = 0
    column = 0
    isCursorShown = false
  }

  /// Notes that the terminal's cursor was hidden behind the writer's back (the session's
  /// set-up written again).
  package mutating func cursorWasHidden() {
    isCursorShown = false
  }

  /// Draws the cells `changes` names, from where the cursor rests, and rests it at `cursor`
  /// (see ``rest(at:shown:)``).
  package mutating func update(
    _ changes: FrameChanges, of grid: CellGrid, cursor: Point? = nil, shown: Bool = true
  ) {
    for run in changes.runs {
      var x = run.x
      for cell in grid.cells(in: run) {
        if !cell.isContinuation { put(cell, x: x, y: run.y, width: grid.size.width) }
        x += 1
      }
    }
    rest(at: cursor, shown: shown)
    guard origin == nil else { return }
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

  // MARK: Cells

  mutating func put(_ cell: Cell, x: Int, y: Int, width: Int) {
    move(toRow: y, column: x)
    setStyle(cell.style)
    output += cell.character.utf8
    let next = x + max(1, Int(cell.width))
    column = next >= width ? nil : next
  }

  /// Ends a frame in plain style where the cursor rests: at `cursor`, a cell of the region,
  /// shown or not, or hidden at the region's top-left.
  ///
  /// Resting at the top-left, or at a focus there (a status line's spinner), this is the
  /// carriage return (and the rows up) of any frame; the cursor is shown once it is there and
  /// hidden before it goes.
  package mutating func rest(at cursor: Point?, shown: Bool = true) {
    if isCursorShown, cursor == nil || !shown {
      output += sequences.hideCursor
      isCursorShown = false
    }
    guard let cursor else {
      home()
      return
    }
    setStyle(.plain)
    move(toRow: cursor.y, column: cursor.x)
    if shown, !isCursorShown {
      output += sequences.showCursor
      isCursorShown = true
    }
  }

  /// Back to the region's top-left, in plain style; on the screen, only the style.
  mutating func home() {
    setStyle(.plain)
    guard origin == nil else { return }
    if column != 0 { output += sequences.carriageReturn }
    upToTheTopRow()
    column = 0
  }

  /// Up to the region's top row, from a frame's last cell or the shown cursor's, before what
  /// clears from the top-left.
  ///
  /// NB: after a resize that rewrapped the rows above the cursor, or put the cursor past a
  /// wrap, this stops short of the top: it never goes above the region.
  mutating func upToTheTopRow() {
    if row > 0 { output += sequences.up(row) }
    row = 0
  }

  private mutating func move(toRow y: Int, column x: Int) {
    if let origin {
      move(toRow: y, column: x, on: origin)
      return
    }
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

  /// On the screen: nothing where the cursor is, a move right on its row where that is
  /// shorter, and otherwise an absolute move.
  private mutating func move(toRow y: Int, column x: Int, on origin: Point) {
    if isPlaced, row == y, let column {
      if column == x { return }
      if column < x {
        let relative = sequences.right(x - column)
        let absolute = sequences.cursorAddress(origin.y + y, origin.x + x)
        output += relative.count < absolute.count ? relative : absolute
        self.column = x
        return
      }
    }
    output += sequences.cursorAddress(origin.y + y, origin.x + x)
    row = y
    column = x
    isPlaced = true
  }

  mutating func setStyle(_ new: Style) {
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
    return ColorDepth.directNumber(of: index, indexedColors: indexedColors)
  }

}

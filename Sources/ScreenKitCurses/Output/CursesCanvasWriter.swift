public import CNCurses
public import ScreenKit

/// Writes the changed cells of frames into an ncurses WINDOW with the wide-character API, then
/// `wnoutrefresh`, leaving the single `doupdate` to the caller.
///
/// The writer is a sink: which cells changed comes from the core (`FrameChanges`, from
/// `Stage.frame()`), and the writer only writes them, in a form ncurses counts as wide as
/// the canvas did (see `CursesGlyph`). When the window stops showing the last frame (another
/// program drew over it, or the writer was retargeted), the host calls
/// `Stage.invalidateOutput()` so the next frame hands over every cell.
@MainActor
public final class CursesCanvasWriter {
  /// The window written to.
  public private(set) var window: UnsafeMutablePointer<WINDOW>
  /// Where the grid's top-left cell goes in the window.
  public private(set) var origin: Point
  /// The colours cells are drawn with.
  public let palette: CursesPalette
  /// The number of cells the last ``write(_:of:cursor:)`` handed to ncurses.
  public private(set) var lastFrameCellCount = 0

  // NB: one buffer for every cell's characters, made once: an array would be allocated per
  // frame, and a closure given a temporary one is checked for the main actor on every frame.
  // Unsafe only to the compiler: the main actor writes it, and `deinit` frees it alone.
  nonisolated(unsafe) private let characters = UnsafeMutableBufferPointer<wchar_t>.allocate(
    capacity: Int(CCHARW_MAX) + 1)

  /// Creates a writer into `window` with the grid's top-left at `origin`.
  public init(window: UnsafeMutablePointer<WINDOW>, origin: Point = .zero, palette: CursesPalette) {
    self.window = window
    self.origin = origin
    self.palette = palette
  }

  deinit { characters.deallocate() }

  /// Moves the output to another window or origin; the host then asks for a full repaint
  /// with `Stage.invalidateOutput()`.
  public func retarget(window: UnsafeMutablePointer<WINDOW>, origin: Point) {
    self.window = window
    self.origin = origin
  }

  /// Writes the cells of `grid` that `changes` names, then `wnoutrefresh`es the window.
  ///
  /// With a `cursor` (a point of the grid, as `FrameChanges.cursor`), the window's cursor is moved
  /// there first, so that `doupdate` leaves the terminal's cursor on it when this window is
  /// the last refreshed; whether it shows is `curs_set`'s.
  public func write(_ changes: FrameChanges, of grid: CellGrid, cursor: Point? = nil) {
    lastFrameCellCount = 0
    let skipsBlanks = changes.isFullRepaint && erasesWholeWindow(for: grid)
    var scratch = cchar_t()
    for run in changes.runs {
      var x = run.x
      for cell in grid.cells(in: run) {
        // NB: ncurses fills a wide character's second column itself, and `put` writes it
        // when ncurses would not; writing the continuation cell would erase the character.
        if !cell.isContinuation, !(skipsBlanks && cell == .blank) {
          put(cell, x: x, y: run.y, into: &scratch, characters: characters)
        }
        x += 1
      }
    }
    if let cursor {
      wmove(window, Int32(origin.y + cursor.y), Int32(origin.x + cursor.x))
    }
    wnoutrefresh(window)
  }

  /// Erases the window when the grid covers all of it and a blank cell is the window's own
  /// blank; whether it did, so that a full repaint leaves blank cells out.
  ///
  /// A first frame or one after a resize is mostly blank: ncurses erases a window in one pass,
  /// where each cell written costs a character conversion and a width lookup (two thirds of
  /// the first frame's time, the spinner's case).
  private func erasesWholeWindow(for grid: CellGrid) -> Bool {
    guard origin == .zero, grid.size.width == Int(sk_getmaxx(window)),
      grid.size.height == Int(sk_getmaxy(window))
    else { return false }
    let (attributes, pair) = palette.rendition(of: Cell.blank.style)
    guard attributes == 0, pair == 0 else { return false }
    werase(window)
    return true
  }

  /// Writes one grapheme in as many window cells as the canvas gave it, in a form whose
  /// width ncurses counts the same way (see ``CursesGlyph``).
  private func put(
    _ cell: Cell, x: Int, y: Int, into scratch: inout cchar_t,
    characters: UnsafeMutableBufferPointer<wchar_t>
  ) {
    let (attributes, pair) = palette.rendition(of: cell.style)
    let width = max(1, Int(cell.width))
    var glyph: CursesGlyph
    let bytes = cell.character.utf8
    if bytes.count == 1, let byte = bytes.first {
      // NB: ASCII, most of any screen, needs no width lookup: one column everywhere.
      characters[0] = wchar_t(byte)
      characters[1] = 0
      glyph = CursesGlyph(count: 1, second: nil)
    } else {
      glyph = CursesGlyph(cell.character, width: width, into: characters)
    }
    let firstColumns = glyph.second == nil ? width : 1
    if !add(characters, attributes, pair, x: x, y: y, columns: firstColumns, into: &scratch) {
      // A grapheme ncurses refuses is drawn as U+FFFD, which it never refuses, rather than
      // leaving whatever the cell held.
      glyph = CursesGlyph(replacementWidth: width, into: characters)
      _ = add(characters, attributes, pair, x: x, y: y, columns: 1, into: &scratch)
    }
    if let second = glyph.second {
      characters[0] = wchar_t(bitPattern: second)
      characters[1] = 0
      _ = add(characters, attributes, pair, x: x + 1, y: y, columns: 1, into: &scratch)
    }
    lastFrameCellCount += 1
  }

  /// Adds one cell of `columns` columns at grid position `x`, `y`; whether ncurses took it.
  private func add(
    _ characters: UnsafeMutableBufferPointer<wchar_t>, _ attributes: attr_t, _ pair: Int32, x: Int,
    y: Int,
    columns: Int, into scratch: inout cchar_t
  ) -> Bool {
    guard sk_setcchar(&scratch, characters.baseAddress, attributes, pair) == OK else {
      return false
    }
    let row = Int32(origin.y + y)
    let column = Int32(origin.x + x)
    if mvwadd_wch(window, row, column, &scratch) == OK { return true }
    // NB: a cell that ends in the bottom-right corner of a non-scrolling window is drawn
    // although ncurses returns ERR, because the cursor cannot move past it.
    return row == sk_getmaxy(window) - 1 && Int(column) + columns >= Int(sk_getmaxx(window))
  }
}

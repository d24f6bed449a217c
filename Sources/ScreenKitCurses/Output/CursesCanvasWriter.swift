public import CNCurses
public import ScreenKit

/// Writes frames of a cell grid into an ncurses WINDOW: only the damaged rectangles, and
/// within them only the cells that differ from what it wrote last, with the wide-character
/// API; then `wnoutrefresh`, leaving the single `doupdate` to the caller.
///
/// The writer keeps its own copy of the cells it last wrote rather than reading the window
/// back, because comparing two `Cell`s is far cheaper than a `win_wch` round trip. Anyone
/// else who draws over the same cells must call ``invalidate()``.
@MainActor
public final class CursesCanvasWriter {
  /// The window written to.
  public private(set) var window: UnsafeMutablePointer<WINDOW>
  /// Where the grid's top-left cell goes in the window.
  public private(set) var origin: Point
  /// The colours cells are drawn with.
  public let palette: CursesPalette
  /// The number of cells the last ``write(_:damage:)`` handed to ncurses.
  public private(set) var lastFrameCellCount = 0

  private var previous: CellGrid?

  /// Creates a writer into `window` with the grid's top-left at `origin`.
  public init(window: UnsafeMutablePointer<WINDOW>, origin: Point = .zero, palette: CursesPalette) {
    self.window = window
    self.origin = origin
    self.palette = palette
  }

  /// Forgets what was written, so the next frame writes every cell of the grid.
  public func invalidate() {
    previous = nil
  }

  /// Moves the output to another window or origin; the next frame writes every cell.
  public func retarget(window: UnsafeMutablePointer<WINDOW>, origin: Point) {
    self.window = window
    self.origin = origin
    previous = nil
  }

  /// Writes the cells of `grid` inside `damage` that changed since the last frame, then
  /// `wnoutrefresh`es the window; the whole grid is written after ``invalidate()`` or a size
  /// change.
  public func write(_ grid: CellGrid, damage: [Rect]) {
    lastFrameCellCount = 0
    let bounds = grid.bounds
    if previous?.size != grid.size {
      previous = nil
    }
    let writesAll = previous == nil
    let rects = writesAll ? [bounds] : damage.map { $0.intersection(bounds) }
    // NB: one stack buffer for every cell's characters: an array would be allocated per
    // frame and checked for uniqueness on every write.
    withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: Int(CCHARW_MAX) + 1) { characters in
      write(grid, rects: rects, writesAll: writesAll, characters: characters)
    }
    // NB: after a full write the copy shares the stage's storage; the first cell drawn next
    // separates them once.
    if writesAll { previous = grid }
    wnoutrefresh(window)
  }

  private func write(
    _ grid: CellGrid, rects: [Rect], writesAll: Bool,
    characters: UnsafeMutableBufferPointer<wchar_t>
  ) {
    let bounds = grid.bounds
    var scratch = cchar_t()
    for rect in rects where !rect.isEmpty {
      for y in rect.minY..<rect.maxY {
        var minX = rect.minX
        var maxX = rect.maxX
        if !writesAll {
          // NB: ncurses keeps the other half of a wide character when one half is written,
          // so a damage edge that cuts one, in this frame or the last, writes it whole.
          let row = y * bounds.width
          if minX > 0, grid.cells[row + minX].width == 0 || previous?.cells[row + minX].width == 0 {
            minX -= 1
          }
          if maxX < bounds.maxX,
            grid.cells[row + maxX - 1].width == 2 || previous?.cells[row + maxX - 1].width == 2
          {
            maxX += 1
          }
        }
        for x in minX..<maxX {
          let cell = grid[x, y]
          if !writesAll {
            if previous?[x, y] == cell { continue }
            // NB: updated in place, cell by cell: the copy is the writer's alone, so a frame
            // costs what it changed. Keeping `grid` itself would share the stage's storage
            // and make the stage copy the whole grid on its next drawn cell.
            previous?[x, y] = cell
          }
          // NB: ncurses fills a wide character's second column itself, and `put` writes it
          // when ncurses would not; writing the continuation cell would erase the character.
          guard !cell.isContinuation else { continue }
          put(cell, x: x, y: y, into: &scratch, characters: characters)
        }
      }
    }
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

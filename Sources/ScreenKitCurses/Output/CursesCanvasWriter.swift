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
    var scratch = cchar_t()
    var characters = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
    for rect in rects where !rect.isEmpty {
      for y in rect.minY..<rect.maxY {
        for x in rect.minX..<rect.maxX {
          let cell = grid[x, y]
          if !writesAll {
            if previous?[x, y] == cell { continue }
            // NB: updated in place, cell by cell: the copy is the writer's alone, so a frame
            // costs what it changed. Keeping `grid` itself would share the stage's storage
            // and make the stage copy the whole grid on its next drawn cell.
            previous?[x, y] = cell
          }
          // NB: ncurses fills a wide character's second column itself; writing the
          // continuation cell would overwrite the character just drawn.
          guard !cell.isContinuation else { continue }
          put(cell, x: x, y: y, into: &scratch, characters: &characters)
        }
      }
    }
    // NB: after a full write the copy shares the stage's storage; the first cell drawn next
    // separates them once.
    if writesAll { previous = grid }
    wnoutrefresh(window)
  }

  private func put(
    _ cell: Cell, x: Int, y: Int, into scratch: inout cchar_t, characters: inout [wchar_t]
  ) {
    var count = 0
    for scalar in cell.character.unicodeScalars where count < Int(CCHARW_MAX) {
      characters[count] = wchar_t(bitPattern: scalar.value)
      count += 1
    }
    characters[count] = 0
    let (attributes, pair) = palette.rendition(of: cell.style)
    _ = characters.withUnsafeBufferPointer { buffer in
      sk_setcchar(&scratch, buffer.baseAddress, attributes, pair)
    }
    // NB: the bottom-right cell of a non-scrolling window returns ERR although it is drawn.
    _ = mvwadd_wch(window, Int32(origin.y + y), Int32(origin.x + x), &scratch)
    lastFrameCellCount += 1
  }
}

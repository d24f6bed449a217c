import CNCurses
import ScreenKit
import ScreenKitCurses

/// A writer fed with whole grids and their damage, as a stage's frames would be: the core's
/// ``FrameDiffer`` finds the changed cells and the curses writer writes them.
@MainActor
final class DiffingWriter {
  let writer: CursesCanvasWriter
  private var differ = FrameDiffer()

  init(window: UnsafeMutablePointer<WINDOW>, palette: CursesPalette) {
    writer = CursesCanvasWriter(window: window, palette: palette)
  }

  /// The number of cells the last frame handed to ncurses.
  var lastFrameCellCount: Int { writer.lastFrameCellCount }

  /// Makes the next frame a full repaint, as when the window stopped showing the last one.
  func invalidate() {
    differ.invalidate()
  }

  /// Writes the cells of `grid` inside `damage` that changed since the last frame; every cell
  /// on the first frame.
  func write(_ grid: CellGrid, damage: [Rect]) {
    writer.write(differ.changes(in: grid, redrawn: damage), of: grid)
  }
}

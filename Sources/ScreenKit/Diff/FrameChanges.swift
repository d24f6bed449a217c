/// The cells one frame changed, as runs in row order: what a host writes to its output.
///
/// ``Stage/frame()`` returns it; the cells themselves are read from the grid the frame was
/// rendered into (``Stage/canvas``), with ``CellGrid/cells(in:)``:
///
/// ```swift
/// let changes = stage.frame()
/// let grid = stage.canvas.grid
/// for run in changes.runs {
///   moveCursor(to: Point(x: run.x, y: run.y))
///   for cell in grid.cells(in: run) where !cell.isContinuation { write(cell) }
/// }
/// ```
///
/// After a resize or ``Stage/invalidateOutput()`` the frame is a full repaint: every row is
/// one run and nothing of what the output showed before may be kept.
public struct FrameChanges: Hashable, Sendable {
  /// The changed cells, in row order and, within a row, left to right; runs never overlap.
  public internal(set) var runs: [CellRun] = []
  /// Whether the frame hands over every cell, so the output must forget what it showed.
  public internal(set) var isFullRepaint = false
  /// The stage rectangles that were drawn again to make the frame; what changed within them
  /// is ``runs``.
  public internal(set) var redrawn: [Rect] = []
  /// Where the terminal's cursor goes after this frame, in stage coordinates; `nil` hides it.
  ///
  /// It is the focused screen's ``Screen/cursorPosition``, while that point is in the part of
  /// the screen that shows and no other screen is drawn over it. Every frame says it, also one
  /// that changed no cell (a cursor moved alone): a host compares it with what its output
  /// shows.
  public internal(set) var cursor: Point?
  /// Where the terminal's cursor rests after this frame, shown or hidden, in stage coordinates:
  /// the cell of the focused element, which screen readers and braille displays follow.
  ///
  /// It is ``cursor`` where there is one, and otherwise the focused screen's
  /// ``Screen/focusPoint``, or the top-left cell of the part of the screen that shows where it
  /// names none or one clipped away; `nil` when nothing has focus. A host moves the cursor
  /// there after every frame and shows it there only if it shows focus (an option of its
  /// session); it shows it at ``cursor`` always.
  public internal(set) var focus: Point?

  /// Creates an empty set of changes.
  public init() {}

  /// Whether the frame changed no cell; its ``cursor`` may still have moved.
  public var isEmpty: Bool { runs.isEmpty }

  /// The number of cells in ``runs``, continuation cells included.
  public var cellCount: Int { runs.reduce(0) { $0 + $1.count } }

  /// The position of every changed cell, in row order.
  public var points: [Point] {
    runs.flatMap { run in (run.x..<run.endX).map { Point(x: $0, y: run.y) } }
  }

  /// The rows that have changed cells, top to bottom.
  public var rows: [Int] {
    var rows: [Int] = []
    for run in runs where rows.last != run.y { rows.append(run.y) }
    return rows
  }
}

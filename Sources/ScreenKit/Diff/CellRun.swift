/// A run of cells in one row that a frame changed: `count` cells from column `x` of row `y`.
///
/// A run always holds whole wide characters: when it holds a continuation cell it holds the
/// character before it too. Writers skip continuation cells, as terminals fill them themselves.
public struct CellRun: Hashable, Sendable {
  /// The row.
  public var y: Int
  /// The first column.
  public var x: Int
  /// The number of cells.
  public var count: Int

  /// Creates a run of `count` cells from column `x` of row `y`.
  public init(y: Int, x: Int, count: Int) {
    self.y = y
    self.x = x
    self.count = count
  }

  /// The column after the last cell.
  public var endX: Int { x + count }
}

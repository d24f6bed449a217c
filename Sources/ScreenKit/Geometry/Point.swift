/// A position on a cell grid: `x` counts columns, `y` counts rows, both from zero.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// The column.
  public var x: Int
  /// The row.
  public var y: Int

  /// Creates a point at column `x`, row `y`.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  /// The origin, column 0 and row 0.
  public static let zero = Point(x: 0, y: 0)

  /// The point moved by `dx` columns and `dy` rows.
  public func offsetBy(dx: Int, dy: Int) -> Point {
    Point(x: x + dx, y: y + dy)
  }

  /// The text form `(x, y)`.
  public var description: String { "(\(x), \(y))" }
}

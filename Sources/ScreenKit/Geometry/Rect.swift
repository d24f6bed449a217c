/// A rectangle of cells: an origin and a size; `maxX` and `maxY` are exclusive.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The top-left cell.
  public var origin: Point
  /// The extent.
  public var size: Size

  /// Creates a rectangle from its origin and size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its top-left cell and its extent.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// A rectangle at the origin with the given size.
  public init(size: Size) {
    self.init(origin: .zero, size: size)
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(origin: .zero, size: .zero)

  /// The leftmost column.
  public var minX: Int { origin.x }
  /// The top row.
  public var minY: Int { origin.y }
  /// The column just right of the rectangle.
  public var maxX: Int { origin.x + size.width }
  /// The row just below the rectangle.
  public var maxY: Int { origin.y + size.height }
  /// The number of columns.
  public var width: Int { size.width }
  /// The number of rows.
  public var height: Int { size.height }
  /// Whether the rectangle holds no cell.
  public var isEmpty: Bool { size.isEmpty }

  /// Whether the cell at `point` lies inside.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether every cell of `other` lies inside; an empty rectangle is inside every rectangle.
  public func contains(_ other: Rect) -> Bool {
    other.isEmpty
      || (other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY)
  }

  /// The cells both rectangles share; empty (with a zero size) when they do not meet.
  public func intersection(_ other: Rect) -> Rect {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return Rect(origin: Point(x: x0, y: y0), size: .zero) }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// Whether the two rectangles share at least one cell.
  public func intersects(_ other: Rect) -> Bool {
    !intersection(other).isEmpty
  }

  /// The smallest rectangle holding both; an empty operand is ignored.
  public func union(_ other: Rect) -> Rect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let x0 = min(minX, other.minX)
    let y0 = min(minY, other.minY)
    return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
  }

  /// The rectangle shrunk by `insets`; never smaller than empty.
  public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX + insets.left, y: minY + insets.top,
      width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
  }

  /// The rectangle moved by `dx` columns and `dy` rows.
  public func offsetBy(dx: Int, dy: Int) -> Rect {
    Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
  }

  /// A rectangle of `size` centred inside this one (rounding towards the top-left).
  public func centered(_ size: Size) -> Rect {
    let w = min(size.width, width)
    let h = min(size.height, height)
    return Rect(x: minX + (width - w) / 2, y: minY + (height - h) / 2, width: w, height: h)
  }

  /// The text form `(x, y) WxH`.
  public var description: String { "\(origin) \(size)" }
}

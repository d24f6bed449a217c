/// An extent in terminal cells; negative extents are stored as zero.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The number of columns.
  public var width: Int {
    didSet { width = max(0, width) }
  }
  /// The number of rows.
  public var height: Int {
    didSet { height = max(0, height) }
  }

  /// Creates a size of `width` columns and `height` rows, clamping negative values to zero.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// No columns and no rows.
  public static let zero = Size(width: 0, height: 0)

  /// Whether the size holds no cell at all.
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// The number of cells, `width * height`.
  public var area: Int { width * height }

  /// The text form `WxH`.
  public var description: String { "\(width)x\(height)" }
}

/// A terminal's size in character cells.
public struct WindowSize: Hashable, Sendable, CustomStringConvertible {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// A size of `width` columns by `height` rows.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// "WIDTHxHEIGHT", as in `80x24`.
  public var description: String { "\(width)x\(height)" }
}

/// Distances in cells from each edge of a rectangle, used for margins and padding.
public struct EdgeInsets: Hashable, Sendable {
  /// Rows kept free at the top.
  public var top: Int
  /// Columns kept free on the left.
  public var left: Int
  /// Rows kept free at the bottom.
  public var bottom: Int
  /// Columns kept free on the right.
  public var right: Int

  /// Creates insets from each edge.
  public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on all four edges.
  public init(all inset: Int) {
    self.init(top: inset, left: inset, bottom: inset, right: inset)
  }

  /// The same inset on the left and right, another on the top and bottom.
  public init(horizontal: Int = 0, vertical: Int = 0) {
    self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
  }

  /// No inset.
  public static let zero = EdgeInsets()
}

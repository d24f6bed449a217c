/// Where a line of text sits horizontally inside a wider rectangle.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
  /// Against the left edge.
  case leading
  /// In the middle; when the spare columns are odd, the extra one goes on the right.
  case center
  /// Against the right edge.
  case trailing
}

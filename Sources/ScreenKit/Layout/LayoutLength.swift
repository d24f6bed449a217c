/// How much of a split a row or column takes.
public enum LayoutLength: Hashable, Sendable {
  /// Exactly this many cells (fewer if the space runs out).
  case fixed(Int)
  /// A share of the space left after fixed lengths, weighted against other proportions.
  case proportional(Int)

  /// One equal share of what is left.
  public static let fill = LayoutLength.proportional(1)
}

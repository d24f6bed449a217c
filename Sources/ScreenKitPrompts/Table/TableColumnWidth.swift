/// How wide a ``TableColumn`` is, in terminal cells (display width: a wide character counts
/// two, a combining mark none).
public enum TableColumnWidth: Hashable, Sendable {
  /// Exactly this many cells, whatever the rows hold; longer text is cut with `…`.
  case fixed(Int)
  /// As wide as its title and the widest value seen so far, from `minimum` to `maximum`
  /// cells; when the terminal is too narrow for every column, the widest of these give up
  /// cells first, down to their `minimum`.
  case fit(minimum: Int = 1, maximum: Int = Int.max)

  /// A column as wide as what it shows, without bounds.
  public static let fit = TableColumnWidth.fit()
}

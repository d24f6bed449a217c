public import ScreenKit

/// One column of a live table: its title, how its cells align, how wide it is, and the text
/// of each row in it.
public struct TableColumn<Row>: Sendable {
  /// The header's text.
  public var title: String
  /// Where the text sits in its cells: numbers read best `.trailing`.
  public var alignment: TextAlignment
  /// How many cells the column takes.
  public var width: TableColumnWidth
  /// The row's text in this column; one line (a line break is drawn as a space).
  public var value: @Sendable (Row) -> String

  /// A column titled `title` whose cells show `value` of each row.
  public init(
    _ title: String, alignment: TextAlignment = .leading, width: TableColumnWidth = .fit,
    value: @escaping @Sendable (Row) -> String
  ) {
    self.title = title
    self.alignment = alignment
    self.width = width
    self.value = value
  }
}

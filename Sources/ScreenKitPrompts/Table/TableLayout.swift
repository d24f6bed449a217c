import ScreenKit

/// The width math of a table: each column's cells from its rule and what it shows, the columns
/// fitted to the terminal's width, and a cell's text cut and padded to its column, all in
/// display cells (`cellWidth`), never in characters.
struct TableLayout: Equatable {
  /// The cells between two columns.
  static let gap = 2

  /// Each column's width, in cells.
  var widths: [Int]

  /// Widths for `rules`, a column's natural width being `natural` (its title's and its widest
  /// value's), fitted into `available` cells (`nil`: no limit, as in a pipe).
  ///
  /// A fixed column keeps its width; when the columns are too wide together, the widest
  /// fitting column gives up a cell at a time, down to its minimum. What still does not fit
  /// is cut by the canvas at the right edge.
  init(rules: [TableColumnWidth], natural: [Int], available: Int?) {
    var widths = zip(rules, natural).map { rule, natural in
      switch rule {
      case .fixed(let width): max(0, width)
      case .fit(let minimum, let maximum):
        max(max(0, minimum), min(maximum, natural))
      }
    }
    if let available {
      let gaps = Self.gap * max(0, widths.count - 1)
      var excess = widths.reduce(gaps, +) - available
      while excess > 0 {
        // NB: the widest column that can still give a cell, the first of equals.
        var widest: Int?
        for index in widths.indices {
          guard case .fit(let minimum, _) = rules[index], widths[index] > max(1, minimum) else {
            continue
          }
          if widest.map({ widths[index] > widths[$0] }) ?? true { widest = index }
        }
        guard let widest else { break }
        widths[widest] -= 1
        excess -= 1
      }
    }
    self.widths = widths
  }

  /// The natural width of each column: its title's, and the widest of `values` (one array of
  /// texts per row, a text per column).
  static func naturalWidths(titles: [String], values: [[String]]) -> [Int] {
    var widths = titles.map(\.cellWidth)
    for row in values {
      for (index, text) in row.enumerated() where index < widths.count {
        widths[index] = max(widths[index], text.cellWidth)
      }
    }
    return widths
  }

  /// `text` cut to `width` cells (with `…`) and padded to exactly `width` as `alignment` says.
  static func cell(_ text: String, width: Int, alignment: TextAlignment) -> String {
    let line = text.truncated(toWidth: width)
    let spare = max(0, width - line.cellWidth)
    let before: Int
    switch alignment {
    case .leading: before = 0
    case .center: before = spare / 2
    case .trailing: before = spare
    }
    return String(repeating: " ", count: before) + line
      + String(repeating: " ", count: spare - before)
  }

  /// One line of cells, the gap between columns, with no spaces at its end.
  func line(_ texts: [String], alignments: [TextAlignment]) -> String {
    var line = ""
    for (index, width) in widths.enumerated() {
      if index > 0 { line += String(repeating: " ", count: Self.gap) }
      let text = index < texts.count ? texts[index] : ""
      line += Self.cell(text, width: width, alignment: alignments[index])
    }
    while line.last == " " { line.removeLast() }
    return line
  }

  /// A table as plain lines: the titles, then each row; no escape bytes, for a pipe or a file.
  static func plainLines<Row>(columns: [TableColumn<Row>], rows: [Row], available: Int? = nil)
    -> [String]
  {
    let titles = columns.map(\.title)
    let values = rows.map { row in columns.map { flattened($0.value(row)) } }
    let layout = TableLayout(
      rules: columns.map(\.width), natural: naturalWidths(titles: titles, values: values),
      available: available)
    let alignments = columns.map(\.alignment)
    return [layout.line(titles, alignments: alignments)]
      + values.map { layout.line($0, alignments: alignments) }
  }

  /// `text` on one line: line breaks and tabs become spaces.
  static func flattened(_ text: String) -> String {
    guard text.contains(where: { $0.isNewline || $0 == "\t" }) else { return text }
    return String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
  }
}

/// Figures of several programs measured in the same runs, side by side, each with its ratio
/// to the reference program (the last column): the outside view of the demo beside C.
struct ComparisonTable: Sendable {
  /// One measured quantity across the programs.
  struct Row: Sendable {
    /// What was measured.
    var name: String
    /// The unit of the values.
    var unit: String
    /// The goal for the ScreenKit columns, as text; empty when there is none.
    var target: String
    /// The samples, one set per column.
    var samples: [Samples]
    /// Whether the 90th percentile is worth showing (latencies), or the median says it all.
    var showsP90: Bool
  }

  /// What the table shows: the terminal size and how many runs.
  var title: String
  /// The programs; the last one is the reference the ratios divide by.
  var columns: [String]
  /// The quantities.
  var rows: [Row] = []
  /// Columns of other programs, besides the reference, that the goals are not for: their
  /// figures are reported, not judged.
  var unjudgedColumns: Set<Int> = []
  /// A second program the others are compared with, and its short name for the ratios (the
  /// inline viewport beside a Python library's status line, as well as beside C).
  var secondReference: (column: Int, name: String)?
  /// The reference's short name for the ratios.
  var referenceName = "C"

  /// The text of one cell: median, p90 where it matters, and the ratio to the reference.
  func cell(_ row: Row, column: Int) -> String {
    let samples = row.samples[column]
    guard !samples.values.isEmpty else { return "—" }
    var text = format(samples.median)
    if row.showsP90 { text += " (p90 " + format(samples.percentile(0.9)) + ")" }
    if column < columns.count - 1 { text += " " + ratio(row, column: column) }
    return text
  }

  /// The median of `column` over the reference's median, as `(2.1x C)`, and over the
  /// second reference's when there is one, as `(2.1x C, 0.2x rich)`.
  func ratio(_ row: Row, column: Int) -> String {
    var ratios = [ratio(row, column: column, to: columns.count - 1, name: referenceName)]
    if let second = secondReference, second.column != column {
      ratios.append(ratio(row, column: column, to: second.column, name: second.name))
    }
    let known = ratios.filter { !$0.isEmpty }
    return known.isEmpty ? "" : "(" + known.joined(separator: ", ") + ")"
  }

  private func ratio(_ row: Row, column: Int, to reference: Int, name: String) -> String {
    let samples = row.samples[reference]
    guard !samples.values.isEmpty else { return "" }
    let value = row.samples[column].median
    if samples.median == 0 { return value == 0 ? "= \(name)" : "\(name): 0" }
    return format(value / samples.median) + "x " + name
  }

  /// The table as aligned text.
  var text: String {
    let header = ["figure", "unit"] + columns + ["target"]
    let body = rows.map { row in
      [row.name, row.unit] + columns.indices.map { cell(row, column: $0) } + [row.target]
    }
    var widths = header.map(\.count)
    for line in body {
      for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return column >= 2 && column < cells.count - 1 ? padding + cell : cell + padding
      }.joined(separator: "  ")
    }
    var lines = [title, line(header)]
    lines.append(String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1)))
    lines += body.map(line)
    return lines.joined(separator: "\n")
  }

  /// The table in Markdown.
  var markdown: String {
    var lines = [
      "| \(title) | " + columns.joined(separator: " | ") + " | target |",
      "| --- | " + columns.map { _ in "---:" }.joined(separator: " | ") + " | --- |",
    ]
    for row in rows {
      let cells = columns.indices.map { cell(row, column: $0) + " " + row.unit }
      lines.append("| \(row.name) | " + cells.joined(separator: " | ") + " | \(row.target) |")
    }
    return lines.joined(separator: "\n")
  }
}

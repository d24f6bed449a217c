/// Prints figures as an aligned plain-text table, and as a Markdown table for docs/performance.md.
enum TablePrinter {
  /// The table as lines of text, columns padded to the widest cell (by character count).
  static func text(_ figures: [Figure]) -> String {
    let header = ["scenario", "figure", "value", "unit", "target", "status", "note"]
    let rows = figures.map { figure in
      [
        figure.scenario, figure.name, figure.value.map(format) ?? "—", figure.unit,
        figure.target, figure.verdict.rawValue, figure.note,
      ]
    }
    var widths = header.map(\.count)
    for row in rows {
      for (column, cell) in row.enumerated() where column < header.count - 1 {
        widths[column] = max(widths[column], cell.count)
      }
    }
    func line(_ cells: [String]) -> String {
      var text = ""
      for (column, cell) in cells.enumerated() {
        if column == cells.count - 1 {
          text += cell
        } else {
          let padding = String(repeating: " ", count: widths[column] - cell.count)
          text += column == 2 ? padding + cell + "  " : cell + padding + "  "
        }
      }
      return text
    }
    var lines = [line(header)]
    lines.append(String(repeating: "-", count: widths.dropLast().reduce(0, +) + 2 * 6 + 4))
    lines += rows.map(line)
    return lines.joined(separator: "\n")
  }

  /// The table in Markdown.
  static func markdown(_ figures: [Figure]) -> String {
    var lines = [
      "| figure | value | target | status | note |", "| --- | ---: | --- | --- | --- |",
    ]
    for figure in figures {
      let value = figure.value.map { format($0) + " " + figure.unit } ?? "—"
      let cells = [figure.name, value, figure.target, figure.verdict.rawValue, figure.note]
      lines.append(
        "| " + cells.map { $0.replacing("|", with: "\\|") }.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }
}

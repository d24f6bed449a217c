/// What differs between two snapshots in their text form, cell by cell: the size, the
/// cursor, each row whose text differs, and each run of cells whose style differs.
///
/// It reads the text rather than two grids, so that a golden file a person edited, or one
/// an older version wrote, is compared as it reads.
struct SnapshotDifference {
  /// The lines of the report; empty when the two read the same.
  let lines: [String]

  /// Compares `expected` (the golden file) with `actual` (what the screen shows now).
  init(expected: String, actual: String) {
    let want = ParsedSnapshot(expected)
    let have = ParsedSnapshot(actual)
    var lines: [String] = []
    for key in ["size", "cursor"] where want.header[key] != have.header[key] {
      lines.append(
        "\(key): expected \(want.header[key] ?? "nothing"), actual \(have.header[key] ?? "nothing")"
      )
    }
    let rowCount = max(want.rows.count, have.rows.count)
    for y in 0..<rowCount {
      let wantRow = y < want.rows.count ? want.rows[y] : nil
      let haveRow = y < have.rows.count ? have.rows[y] : nil
      if wantRow != haveRow {
        let column = zip(wantRow ?? "", haveRow ?? "").prefix { $0 == $1 }.count
        lines.append("row \(y) text, from column \(column):")
        lines.append("  expected: \(wantRow.map { "|\($0)|" } ?? "no row")")
        lines.append("  actual:   \(haveRow.map { "|\($0)|" } ?? "no row")")
      }
      let wantStyles = want.styles(ofRow: y)
      let haveStyles = have.styles(ofRow: y)
      let width = max(wantStyles.count, haveStyles.count)
      var start: Int?
      for x in 0...width {
        let pair = Self.pair(wantStyles, haveStyles, at: x)
        let differs = x < width && pair.0 != pair.1
        if let first = start, !differs || Self.pair(wantStyles, haveStyles, at: first) != pair {
          let (expected, actual) = Self.pair(wantStyles, haveStyles, at: first)
          let columns = first == x - 1 ? "column \(first)" : "columns \(first)-\(x - 1)"
          lines.append("row \(y) \(columns) style: expected \(expected), actual \(actual)")
          start = nil
        }
        if differs, start == nil { start = x }
      }
    }
    self.lines = lines
  }

  private static func pair(_ want: [String], _ have: [String], at x: Int) -> (String, String) {
    (x < want.count ? want[x] : "plain", x < have.count ? have[x] : "plain")
  }
}

/// A snapshot's text read back: the header fields, the rows, each row's style per column.
private struct ParsedSnapshot {
  var header: [String: String] = [:]
  var rows: [String] = []
  /// Row → the runs of its style line, as (first column, last column, description).
  var runs: [Int: [(Int, Int, String)]] = [:]

  init(_ text: String) {
    var section = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !line.hasPrefix(" "), line.hasSuffix(":") {
        section = String(line.dropLast())
        continue
      }
      if !line.hasPrefix(" "), let colon = line.firstIndex(of: ":") {
        header[String(line[..<colon])] = String(
          line[line.index(after: colon)...].drop { $0 == " " })
        continue
      }
      let content = line.drop { $0 == " " }
      switch section {
      case "rows":
        guard let open = content.firstIndex(of: "|"), let close = content.lastIndex(of: "|"),
          open < close
        else { continue }
        rows.append(String(content[content.index(after: open)..<close]))
      case "styles":
        guard let space = content.firstIndex(of: " "), let row = Int(content[..<space]) else {
          continue
        }
        runs[row] = content[content.index(after: space)...].split(separator: "; ").compactMap {
          run in
          let parts = run.split(separator: " ", maxSplits: 1)
          guard parts.count == 2 else { return nil }
          let bounds = parts[0].split(separator: "-").compactMap { Int($0) }
          guard let first = bounds.first, let last = bounds.last else { return nil }
          return (first, last, String(parts[1]))
        }
      default:
        continue
      }
    }
  }

  /// The style of each column of row `y`, up to its last styled one.
  func styles(ofRow y: Int) -> [String] {
    var columns: [String] = []
    for (first, last, description) in runs[y] ?? [] where first <= last {
      if columns.count <= last {
        columns.append(contentsOf: repeatElement("plain", count: last + 1 - columns.count))
      }
      for x in first...last { columns[x] = description }
    }
    return columns
  }
}

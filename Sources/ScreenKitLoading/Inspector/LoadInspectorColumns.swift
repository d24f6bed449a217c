import ScreenKit

/// The load inspector's columns: their headings, how each aligns, and where each falls on a
/// line of a given width.
enum LoadInspectorColumns {
  static let headings = ["KEY", "STATE", "AGE", "TTL", "SUBS", "TOOK", "ERROR"]
  static let alignments: [TextAlignment] = [
    .leading, .leading, .trailing, .trailing, .trailing, .trailing, .leading,
  ]
  /// The columns left of the key, where the selection's marker goes.
  static let gutter = 2

  private static let gap = 2
  /// The widths of the state and number columns; the key and the error share what is left.
  private static let fixedWidths = [12, 5, 5, 4, 5]
  private static let minimumKeyWidth = 12
  private static let minimumErrorWidth = 8

  /// The columns' rectangles on line `y` of a table `width` wide that fit whole, after the
  /// selection's gutter.
  ///
  /// The key, which names the row, takes three fifths of what the state and number columns
  /// leave, and the error the rest; where that leaves the error too narrow to read, the key
  /// takes it all, and where even the key would be, it keeps a readable width and the columns
  /// that no longer fit are left out from the right.
  static func rects(atLine y: Int, width: Int) -> [Rect] {
    let fixed = fixedWidths
    let gaps = gap * (fixed.count + 1)
    let spare = max(0, width - gutter - fixed.reduce(0, +) - gaps)
    var keyWidth = max(minimumKeyWidth, spare * 3 / 5)
    var errorWidth = spare - keyWidth
    if errorWidth < minimumErrorWidth {
      keyWidth = max(minimumKeyWidth, spare)
      errorWidth = 0
    }
    var x = gutter
    let all = ([keyWidth] + fixed + [errorWidth]).map { columnWidth in
      defer { x += columnWidth + gap }
      return Rect(x: x, y: y, width: columnWidth, height: 1)
    }
    return Array(all.prefix { $0.width > 0 && $0.maxX <= width })
  }

  /// The cells of `row` in column order.
  static func values(of row: LoadInspectionRow) -> [String] {
    let key = row.owner.map { row.key == "–" ? $0 : "\($0) · \(row.key)" } ?? row.key
    return [
      key, row.state, format(row.age), format(row.timeToLive), "\(row.subscribers)",
      format(row.lastDuration), row.lastError ?? "",
    ]
  }

  /// A duration as its column prints it, `–` for none.
  static func format(_ duration: Duration?) -> String {
    duration?.compactDescription ?? "–"
  }
}

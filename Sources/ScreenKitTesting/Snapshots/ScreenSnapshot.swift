public import ScreenKit

/// What a screen shows at one moment: every cell's text and style, the cursor, and the size,
/// written as text a person reads in a diff.
///
/// The text has a header, the rows as they read, and the styled runs of each row:
///
/// ```
/// size: 30x3
/// cursor: hidden
/// rows:
///   0|Episodes                      |
///   1|› One                         |
///   2| ↑↓ move                      |
/// styles:
///   0 0-7 bold
///   1 0-29 reverse
///   2 1-2 fg=cyan; 4-7 dim
/// ```
///
/// A row is framed by `|` so its trailing spaces show; a wide character is written once and
/// covers two columns. A style line lists the runs of a row that are not plain, by column
/// (`a-b` inclusive, or one column), with their attributes (`bold`, `dim`, `underline`,
/// `reverse`) and colours (`fg=red`, `bg=color236`); a row that is all plain has none. The
/// cursor is `hidden` or `x,y`.
public struct ScreenSnapshot: Hashable, Sendable {
  /// The cells, as the last frame drew them.
  public var grid: CellGrid
  /// Where the terminal's cursor shows, or `nil` when it is hidden.
  public var cursor: Point?

  /// A snapshot of `grid` with the cursor at `cursor` (`nil`: hidden).
  public init(grid: CellGrid, cursor: Point? = nil) {
    self.grid = grid
    self.cursor = cursor
  }

  /// The grid's size.
  public var size: Size { grid.size }

  /// The snapshot as text: header, rows, styled runs; it ends with a newline.
  public var text: String {
    var out = "size: \(size.width)x\(size.height)\n"
    out += "cursor: \(cursor.map { "\($0.x),\($0.y)" } ?? "hidden")\n"
    let labelWidth = String(max(size.height - 1, 0)).count
    out += "rows:\n"
    for y in 0..<size.height {
      out += "  \(Self.padded(y, to: labelWidth))|\(grid.text(ofRow: y))|\n"
    }
    out += "styles:\n"
    for y in 0..<size.height {
      let runs = styledRuns(ofRow: y).filter { $0.style != .plain }
      guard !runs.isEmpty else { continue }
      let described = runs.map { "\(Self.columns($0.columns)) \(Self.describe($0.style))" }
      out += "  \(Self.padded(y, to: labelWidth)) \(described.joined(separator: "; "))\n"
    }
    return out
  }

  /// The runs of equal style in row `y`, left to right, covering every column.
  func styledRuns(ofRow y: Int) -> [(columns: ClosedRange<Int>, style: Style)] {
    var runs: [(columns: ClosedRange<Int>, style: Style)] = []
    for x in 0..<size.width {
      let style = grid[x, y].style
      if let last = runs.last, last.style == style, last.columns.upperBound == x - 1 {
        runs[runs.count - 1].columns = last.columns.lowerBound...x
      } else {
        runs.append((x...x, style))
      }
    }
    return runs
  }

  /// A style in the snapshot's words: attributes, then colours; `plain` for the default look.
  public static func describe(_ style: Style) -> String {
    var words: [String] = []
    let names: [(Style.Attributes, String)] = [
      (.bold, "bold"), (.dim, "dim"), (.underline, "underline"), (.reverse, "reverse"),
    ]
    for (attribute, name) in names where style.attributes.contains(attribute) {
      words.append(name)
    }
    if style.foreground != .default { words.append("fg=\(name(of: style.foreground))") }
    if style.background != .default { words.append("bg=\(name(of: style.background))") }
    return words.isEmpty ? "plain" : words.joined(separator: " ")
  }

  /// An ANSI colour by its name (`red`, `brightBlack`), any other by its index (`color236`).
  static func name(of color: Color) -> String {
    guard let index = color.index else { return "default" }
    let ansi = [
      "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
      "brightBlack", "brightRed", "brightGreen", "brightYellow", "brightBlue", "brightMagenta",
      "brightCyan", "brightWhite",
    ]
    return index < 16 ? ansi[Int(index)] : "color\(index)"
  }

  static func columns(_ range: ClosedRange<Int>) -> String {
    range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
  }

  private static func padded(_ number: Int, to width: Int) -> String {
    let digits = String(number)
    return String(repeating: " ", count: max(width - digits.count, 0)) + digits
  }
}

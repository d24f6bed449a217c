import ScreenKit

/// A line a program commits above its screens: it stays in the scrollback (inline), on the
/// main screen after the session (full screen), or on standard output (not a terminal).
struct PrintedLine: Hashable, Sendable {
  /// A part of the line in one style.
  struct Run: Hashable, Sendable {
    /// The text, with no control character left in it.
    var text: String
    /// How it looks, where escape codes are written.
    var style: Style
  }

  /// The line's parts, in order.
  var runs: [Run]

  /// A line of one style.
  init(text: String, style: Style) {
    runs = [Run(text: text, style: style)]
  }

  /// A line of `runs`, their control characters shown in caret notation, a line feed too.
  init(runs: [(text: String, style: Style)]) {
    self.runs = runs.map { Run(text: Self.visible($0.text.unicodeScalars[...]), style: $0.style) }
  }

  /// The text, with no control character left in it.
  var text: String { runs.map(\.text).joined() }
  /// The style of a line of one style: its first run's.
  var style: Style { runs.first?.style ?? .plain }

  /// The lines of `text`, split at line feeds (a carriage return before one is dropped), with
  /// every other control character shown in caret notation (`^[` for Escape) so that no byte
  /// of it can move the cursor or change the terminal's modes; tabs stay.
  static func lines(of text: String, style: Style) -> [PrintedLine] {
    // NB: split by scalars: "\r\n" is one Character to Swift, which `split` would keep whole.
    // As Swift's `print`, each call ends a line: "a\n" is "a" and an empty line.
    text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var scalars = line
      if scalars.last == "\r" { scalars.removeLast() }
      return PrintedLine(text: visible(scalars), style: style)
    }
  }

  /// `scalars` with every control character but a tab in caret notation.
  private static func visible(_ scalars: Substring.UnicodeScalarView) -> String {
    var visible = String.UnicodeScalarView()
    for scalar in scalars {
      switch scalar.value {
      case 0x09: visible.append(scalar)
      case 0x00..<0x20:
        visible.append(contentsOf: "^\(UnicodeScalar(UInt8(scalar.value + 0x40)))".unicodeScalars)
      case 0x7F: visible.append(contentsOf: "^?".unicodeScalars)
      case 0x80..<0xA0:
        visible.append(
          contentsOf: "^[\(UnicodeScalar(UInt8(scalar.value - 0x40)))".unicodeScalars)
      default: visible.append(scalar)
      }
    }
    return String(visible)
  }
}

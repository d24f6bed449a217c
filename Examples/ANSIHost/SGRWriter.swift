import ScreenKit

/// Turns a frame's changed cells into ANSI escape codes: a cursor move per run, then its
/// characters, with a Select Graphic Rendition sequence each time the style changes.
struct SGRWriter {
  /// Where the grid's top-left cell is on the terminal, zero-based.
  var origin: Point

  /// The bytes that write `changes` of `grid`, leaving the style plain.
  func output(_ changes: FrameChanges, of grid: CellGrid) -> String {
    var text = ""
    var current: Style?
    for run in changes.runs {
      text += "\u{1B}[\(origin.y + run.y + 1);\(origin.x + run.x + 1)H"
      // NB: a wide character's second cell is written by its first one.
      for cell in grid.cells(in: run) where !cell.isContinuation {
        if cell.style != current {
          text += Self.sequence(for: cell.style)
          current = cell.style
        }
        text.append(cell.character)
      }
    }
    return text + "\u{1B}[0m"
  }

  /// The SGR sequence that sets `style` from scratch, with 256-colour indices.
  static func sequence(for style: Style) -> String {
    var parameters = ["0"]
    if style.attributes.contains(.bold) { parameters.append("1") }
    if style.attributes.contains(.dim) { parameters.append("2") }
    if style.attributes.contains(.underline) { parameters.append("4") }
    if style.attributes.contains(.reverse) { parameters.append("7") }
    if let index = style.foreground.index { parameters.append("38;5;\(index)") }
    if let index = style.background.index { parameters.append("48;5;\(index)") }
    return "\u{1B}[" + parameters.joined(separator: ";") + "m"
  }
}

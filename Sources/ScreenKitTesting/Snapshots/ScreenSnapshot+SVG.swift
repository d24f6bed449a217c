import ScreenKit

extension ScreenSnapshot {
  /// The snapshot drawn as a terminal shows it, as an SVG picture: monospaced cells of
  /// `cellWidth` by `cellHeight` pixels, the colours of a dark terminal theme, bold, dim,
  /// underline and reverse, a wide character spanning its two cells, and a visible cursor as a
  /// block.
  ///
  /// Each run of text is stretched to its cells (`textLength`), so the grid stays aligned
  /// whatever monospaced font the viewer has. The output depends on the snapshot only: the
  /// same snapshot draws the same bytes.
  public func svg(cellWidth: Int = 9, cellHeight: Int = 18) -> String {
    let padding = 12
    let width = size.width * cellWidth + 2 * padding
    let height = size.height * cellHeight + 2 * padding
    let fontSize = cellHeight * 5 / 6
    let baseline = cellHeight * 13 / 18
    var backgrounds: [String] = []
    var texts: [String] = []
    for y in 0..<size.height {
      let top = padding + y * cellHeight
      for run in styledRuns(ofRow: y) {
        let colours = SVGTheme.colours(of: run.style)
        let left = padding + run.columns.lowerBound * cellWidth
        let runWidth = run.columns.count * cellWidth
        if colours.background != SVGTheme.background {
          backgrounds.append(
            "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(runWidth)\" height=\"\(cellHeight)\" "
              + "fill=\"\(colours.background)\"/>")
        }
        if run.style.attributes.contains(.underline) {
          backgrounds.append(
            "<rect x=\"\(left)\" y=\"\(top + cellHeight - 3)\" width=\"\(runWidth)\" "
              + "height=\"1\" fill=\"\(colours.foreground)\"/>")
        }
        var attributes = "fill=\"\(colours.foreground)\""
        if run.style.attributes.contains(.bold) { attributes += " font-weight=\"bold\"" }
        if run.style.attributes.contains(.dim) { attributes += " fill-opacity=\"0.6\"" }
        for piece in textPieces(ofRow: y, in: run.columns) {
          texts.append(
            "<text x=\"\(padding + piece.column * cellWidth)\" y=\"\(top + baseline)\" "
              + "textLength=\"\(piece.cells * cellWidth)\" lengthAdjust=\"spacingAndGlyphs\" "
              + "\(attributes)>\(Self.escaped(piece.text))</text>")
        }
      }
    }
    if let cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < size.width, cursor.y < size.height {
      backgrounds.append(
        "<rect x=\"\(padding + cursor.x * cellWidth)\" y=\"\(padding + cursor.y * cellHeight)\" "
          + "width=\"\(cellWidth)\" height=\"\(cellHeight)\" fill=\"\(SVGTheme.foreground)\" "
          + "fill-opacity=\"0.5\"/>")
    }
    let rows = (0..<size.height).map { grid.text(ofRow: $0) }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
      viewBox="0 0 \(width) \(height)" role="img">
      <title>\(Self.escaped(rows.map { $0.trimmedAtEnd }.joined(separator: "\n")))</title>
      <rect width="\(width)" height="\(height)" rx="6" fill="\(SVGTheme.background)"/>
      \(backgrounds.joined(separator: "\n"))
      <g font-family="'DejaVu Sans Mono', Menlo, Consolas, monospace" \
      font-size="\(fontSize)" xml:space="preserve">
      \(texts.joined(separator: "\n"))
      </g>
      </svg>

      """
  }

  /// The text of `columns` in row `y`, cut where characters change between one and two cells
  /// wide (so each piece is stretched evenly), without blank cells at either end.
  private func textPieces(ofRow y: Int, in columns: ClosedRange<Int>) -> [(
    column: Int, cells: Int, text: String
  )] {
    var pieces: [(column: Int, cells: Int, text: String, wide: Bool)] = []
    for x in columns {
      let cell = grid[x, y]
      if cell.isContinuation {
        if !pieces.isEmpty, pieces[pieces.count - 1].wide { pieces[pieces.count - 1].cells += 1 }
        continue
      }
      let wide = cell.width == 2
      if let last = pieces.last, last.wide == wide, last.column + last.cells == x {
        pieces[pieces.count - 1].cells += 1
        pieces[pieces.count - 1].text.append(cell.character)
      } else {
        pieces.append((x, 1, String(cell.character), wide))
      }
    }
    return pieces.compactMap { piece in
      let leading = piece.text.prefix { $0 == " " }.count
      let text = piece.text.dropFirst(leading).trimmedAtEnd
      guard !text.isEmpty else { return nil }
      // NB: only narrow pieces hold spaces, so a space is one cell.
      let trailing = piece.text.count - leading - text.count
      return (piece.column + leading, piece.cells - leading - trailing, text)
    }
  }

  private static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }
}

extension StringProtocol {
  /// The text without spaces at its end.
  fileprivate var trimmedAtEnd: String {
    String(reversed().drop { $0 == " " }.reversed())
  }
}

/// The colours of the pictures: a dark terminal theme, and the xterm 256-colour palette.
private enum SVGTheme {
  static let background = "#1d1f21"
  static let foreground = "#c5c8c6"
  static let ansi = [
    "#1d1f21", "#cc6666", "#b5bd68", "#f0c674", "#81a2be", "#b294bb", "#8abeb7", "#c5c8c6",
    "#666666", "#d54e53", "#b9ca4a", "#e7c547", "#7aa6da", "#c397d8", "#70c0b1", "#eaeaea",
  ]

  /// The foreground and background `style` paints, reverse applied.
  static func colours(of style: Style) -> (foreground: String, background: String) {
    let foreground = style.foreground.index.map(hex) ?? foreground
    let background = style.background.index.map(hex) ?? background
    return style.attributes.contains(.reverse)
      ? (background, foreground) : (foreground, background)
  }

  static func hex(_ index: UInt8) -> String {
    if index < 16 { return ansi[Int(index)] }
    let (red, green, blue): (Int, Int, Int)
    if index >= 232 {
      let level = 8 + 10 * (Int(index) - 232)
      (red, green, blue) = (level, level, level)
    } else {
      let cube = Int(index) - 16
      let levels = [0, 95, 135, 175, 215, 255]
      (red, green, blue) = (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
    }
    let digits = Array("0123456789abcdef")
    return "#"
      + [red, green, blue].map { "\(digits[$0 / 16])\(digits[$0 % 16])" }.joined()
  }
}

import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

@Suite struct TextFuzzTests {
  /// Pieces of mixed scripts, emoji, marks, spaces and controls; joined at random they also
  /// form graphemes that no piece forms alone (a mark after a space, two lone flags).
  private static let pieces: [String] = [
    "a", "b", "Z", "0", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{7}", "\u{1B}", "\u{7F}",
    "\u{85}", "\u{9B}", "\u{2028}", "你", "好", "世", "界", "。", "「", "」", "e\u{301}",
    "\u{301}", "👍🏽", "🇯🇵", "🇯", "👨‍👩‍👧", "❤️", "❤", "\u{200B}", "\u{200D}", "\u{FE0F}",
    "\u{AD}", "ｱ", "Ａ", "한", "\u{1100}", "\u{1161}", "1\u{FE0F}\u{20E3}", "\u{2060}",
    "\u{A0}", "\u{3000}", "word", "…",
  ]

  private static func randomText(using generator: inout SeededRandom) -> String {
    let count = Int.random(in: 0...14, using: &generator)
    var text = ""
    for _ in 0..<count {
      text += pieces.randomElement(using: &generator) ?? ""
    }
    return text
  }

  /// The ways in which the grid is broken, described for a failure message.
  private static func violations(in grid: CellGrid) -> [String] {
    var found: [String] = []
    for y in 0..<grid.size.height {
      var total = 0
      for x in 0..<grid.size.width {
        let cell = grid[x, y]
        total += Int(cell.width)
        let scalars = cell.character.unicodeScalars.map(\.value)
        if scalars.contains(where: { $0 < 0x20 || (0x7F...0x9F).contains($0) || $0 == 0x2028 }) {
          found.append("raw control \(scalars) at (\(x), \(y))")
        }
        if cell.width == 2, x + 1 >= grid.size.width || !grid[x + 1, y].isContinuation {
          found.append("wide cell without continuation at (\(x), \(y))")
        }
        if cell.isContinuation, x == 0 || grid[x - 1, y].width != 2 {
          found.append("orphan continuation at (\(x), \(y))")
        }
        if !cell.isContinuation, cell.character.cellWidth != Int(cell.width) {
          found.append("\(scalars) is \(cell.character.cellWidth) wide in a \(cell.width) cell")
        }
      }
      if total != grid.size.width {
        found.append("row \(y) covers \(total) cells, not \(grid.size.width)")
      }
    }
    return found
  }

  @Test(arguments: [1, 42, 2024] as [UInt64])
  func randomTextNeverBreaksTheGrid(seed: UInt64) {
    var generator = SeededRandom(seed: seed)
    for round in 0..<300 {
      let size = Size(
        width: Int.random(in: 1...12, using: &generator),
        height: Int.random(in: 1...3, using: &generator))
      var canvas = Canvas(size: size)
      for _ in 0..<6 {
        let text = Self.randomText(using: &generator)
        let point = Point(
          x: Int.random(in: -3...size.width, using: &generator),
          y: Int.random(in: -1...size.height, using: &generator))
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
          let maxWidth =
            Bool.random(using: &generator)
            ? Int.random(in: -1...14, using: &generator) : nil
          let drawn = canvas.drawText(text, at: point, maxWidth: maxWidth)
          #expect(drawn <= max(maxWidth ?? .max, 0))
        case 1:
          let rect = Rect(
            origin: point, size: Size(width: Int.random(in: 0...10, using: &generator), height: 1))
          let alignment = TextAlignment.allCases.randomElement(using: &generator) ?? .leading
          #expect(canvas.drawText(text, in: rect, alignment: alignment) <= rect.width)
        case 2:
          let region = Rect(
            origin: point,
            size: Size(
              width: Int.random(in: 0...8, using: &generator),
              height: Int.random(in: 0...3, using: &generator)))
          let inner = Point(x: Int.random(in: -2...3, using: &generator), y: 0)
          canvas.withRegion(region) { _ = $0.drawText(text, at: inner) }
        default:
          let lines = text.wrapped(toWidth: size.width)
          for (row, line) in lines.enumerated() {
            canvas.drawText(line, at: Point(x: 0, y: row))
          }
        }
        let found = Self.violations(in: canvas.grid)
        #expect(
          found.isEmpty,
          "seed \(seed) round \(round) text \(text.unicodeScalars.map(\.value)): \(found)")
        if !found.isEmpty { return }
      }
    }
  }

  /// A line drawn at once is its graphemes put one after another (a tab as spaces to the next
  /// multiple of 4 of the line, a line break as a space), in cells and in the width returned:
  /// text of printable ASCII around other graphemes draws its ASCII runs whole, and must not
  /// join or split a grapheme doing so.
  @Test(arguments: [3, 64, 2026] as [UInt64])
  func aLineDrawsAsItsGraphemesOneByOne(seed: UInt64) {
    var generator = SeededRandom(seed: seed)
    for round in 0..<400 {
      var text = Self.randomText(using: &generator)
      if Bool.random(using: &generator) { text = "⠋ spinning" + text + "; press keys" }
      let size = Size(width: Int.random(in: 1...30, using: &generator), height: 2)
      let point = Point(
        x: Int.random(in: -4...size.width, using: &generator),
        y: Int.random(in: -1...size.height, using: &generator))
      let limit = Int.random(in: 0...40, using: &generator)
      let clip = Rect(
        x: Int.random(in: 0...size.width, using: &generator), y: 0,
        width: Int.random(in: 0...size.width, using: &generator), height: 2)
      var whole = Canvas(size: size)
      var byGrapheme = Canvas(size: size)
      let drawn = whole.withRegion(clip) {
        $0.drawText(text, at: point.offsetBy(dx: -clip.minX, dy: 0), maxWidth: limit)
      }
      let expected = byGrapheme.withRegion(clip) { canvas -> Int in
        let origin = point.offsetBy(dx: -clip.minX, dy: 0)
        var column = 0
        for character in text {
          guard column < limit else { break }
          if character == "\t" {
            let end = min(column + 4 - column % 4, limit)
            for tab in column..<end { canvas.put(" ", at: origin.offsetBy(dx: tab, dy: 0)) }
            column = end
            continue
          }
          // NB: `put` shows a grapheme as text drawing does (a control as U+FFFD) and never
          // breaks it apart; a scratch canvas measures it first, for the limit.
          let shown: Character = character.isNewline ? " " : character
          var scratch = Canvas(size: Size(width: 2, height: 1))
          let width = scratch.put(shown, at: .zero)
          guard column + width <= limit else { break }
          canvas.put(shown, at: origin.offsetBy(dx: column, dy: 0))
          column += width
        }
        return column
      }
      #expect(
        whole.grid == byGrapheme.grid && drawn == expected,
        "seed \(seed) round \(round) text \(text.unicodeScalars.map(\.value)) at \(point) limit \(limit)"
      )
      if whole.grid != byGrapheme.grid { return }
    }
  }

  @Test(arguments: [7, 99] as [UInt64])
  func randomTextMeasuresWithinTheRequestedWidth(seed: UInt64) {
    var generator = SeededRandom(seed: seed)
    for _ in 0..<500 {
      let text = Self.randomText(using: &generator)
      let width = Int.random(in: 0...10, using: &generator)
      let truncated = text.truncated(toWidth: width)
      #expect(truncated.cellWidth <= max(width, 0), "\(text.unicodeScalars.map(\.value))")
      #expect(text.padded(toWidth: width).cellWidth >= width)
      for line in text.wrapped(toWidth: width) {
        #expect(line.cellWidth <= width, "\(text.unicodeScalars.map(\.value)) → \(line)")
        #expect(!line.contains(where: \.isNewline) && !line.contains("\t"))
      }
      if width == 0 { #expect(text.wrapped(toWidth: width).isEmpty) }
    }
  }
}

import CNCurses
import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import TerminalProcess
import Testing

@testable import ScreenKitCurses

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Graphemes whose width the C library's `wcwidth` (which ncurses counts with) and the canvas
/// see differently: the window ncurses holds must still line up with the canvas, cell by cell.
extension CursesSessionTests {
  /// A grid whose rows hold `rows`, each drawn grapheme by grapheme from column 0.
  private func grid(_ rows: [String], size: Size) -> CellGrid {
    var canvas = Canvas(size: size)
    for (y, row) in rows.enumerated() { canvas.drawText(row, at: Point(x: 0, y: y)) }
    return canvas.grid
  }

  /// The problems of row `y` of the window against the grid: a cell the grid starts a
  /// grapheme at that ncurses does not start a cell at, half a wide character, or a cell
  /// still holding `stale`.
  private func misalignments(
    _ window: UnsafeMutablePointer<WINDOW>, grid: CellGrid, y: Int, stale: String = "Z"
  ) -> [String] {
    let cells = windowCells(window, y: y, width: grid.size.width)
    let starts = Set(cells.map(\.column))
    var problems: [String] = []
    for x in 0..<grid.size.width where !grid[x, y].isContinuation && !starts.contains(x) {
      problems.append(
        "column \(x) (\(grid[x, y].character.unicodeScalars.map(\.value))) is inside \(cells)")
    }
    for cell in cells where cell.text == "half" || cell.text == stale {
      problems.append("stale or half cell \(cell)")
    }
    return problems
  }

  /// What the window shows for one grapheme when the C library does not know its first
  /// scalar: the replacement character, then a blank.
  private func shown(_ text: String, unlessUnknown first: UInt32, width: Int) -> [String] {
    if sk_wcwidth(wchar_t(bitPattern: first)) < 1 {
      return ["\u{FFFD}"] + Array(repeating: " ", count: width - 1)
    }
    return [text]
  }

  @Test func emojiSequencesFlagsKeycapsAndWideTextLineUpWithTheCanvasAndLeaveNothingStale()
    throws
  {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let session = try openSession(pty)
    defer { session.close() }
    let size = session.size
    let writer = DiffingWriter(window: session.window, palette: session.palette)
    let filler = grid(
      Array(repeating: String(repeating: "Z", count: size.width), count: 3), size: size)
    writer.write(filler, damage: [filler.bounds])
    // Emoji presentation sequence, flag, keycap, ZWJ family, CJK, combining mark, skin tone,
    // and emoji from Unicode 15 (U+1FAE8) and 16 (U+1FAE9) that older C libraries do not know.
    let samples = [
      "\u{2764}\u{FE0F}", "🇫🇷", "1\u{FE0F}\u{20E3}", "👨\u{200D}👩\u{200D}👧", "世", "e\u{301}",
      "👍🏽", "\u{1FAE8}", "\u{1FAE9}", "\u{2764}",
    ]
    let row = "|" + samples.joined(separator: "|") + "|"
    let drawn = grid([row], size: size)
    writer.write(drawn, damage: [drawn.bounds])
    #expect(misalignments(session.window, grid: drawn, y: 0) == [])
    let cells = windowCells(session.window, y: 0, width: 40).map(\.text)
    let expected =
      [
        "|", "\u{2764}", " ", "|", "F", "R", "|", "1\u{20E3}", " ", "|", "👨", "|", "世", "|",
        "e\u{301}", "|",
      ]
      + ["👍", "|"] + shown("\u{1FAE8}", unlessUnknown: 0x1FAE8, width: 2) + ["|"]
      + shown("\u{1FAE9}", unlessUnknown: 0x1FAE9, width: 2) + ["|", "\u{2764}", "|"]
    #expect(Array(cells.prefix(expected.count)) == expected)

    // ASCII over every one of them, and then the samples again one column further right.
    let ascii = grid([String(repeating: "abcdefghij", count: 8)], size: size)
    writer.write(ascii, damage: [ascii.bounds])
    #expect(
      windowCells(session.window, y: 0, width: size.width).map(\.text).joined()
        == ascii.text(ofRow: 0))
    let shifted = grid([" " + row], size: size)
    writer.write(shifted, damage: [shifted.bounds])
    #expect(misalignments(session.window, grid: shifted, y: 0, stale: "j") == [])
    session.update()
    #expect(pty.eventuallyShows("世"))
    // Nothing whose width terminals disagree on reaches the terminal.
    let sent = pty.writtenText.unicodeScalars.map(\.value)
    #expect(!sent.contains { $0 == 0xFE0F || $0 == 0x200D || (0x1_F1E6...0x1_F1FF).contains($0) })
    #expect(pty.writtenText.contains("\u{2764} |FR|1\u{20E3} |👨|世|"))
  }

  /// Random graphemes built from the scalars that trouble terminals: for every one, the
  /// columns ncurses gives what the writer hands it add up to the canvas's `cellWidth`.
  @Test func randomGraphemesTakeTheColumnsTheCanvasGivesThemInTheWindow() throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let session = try openSession(pty)
    defer { session.close() }
    let size = session.size
    let writer = DiffingWriter(window: session.window, palette: session.palette)
    let pool: [[UInt32]] = [
      [0x61, 0x7A, 0x31, 0x23, 0x2A, 0xE9, 0xAD], [0x301, 0x308, 0x20E3, 0x20DD],
      [0x4E16, 0xAC00, 0x1100, 0x1161, 0x11A8, 0xFF21, 0x3000],
      [0x1F600, 0x1F44D, 0x1F468, 0x1F469],
      [0x2764, 0x263A, 0x2705, 0x231A, 0x2B50], [0xFE0F, 0xFE0E, 0x200D, 0x200B],
      [0x1F1EB, 0x1F1F7, 0x1F1EF, 0x1F1F5], [0x1F3FB, 0x1F3FD], [0xE0067, 0xE007F],
      [0x1FAE8, 0x1FAE9, 0x1FA8F, 0x1F6DC], [0x915, 0x93F, 0xE01, 0xE31], [0xFFFD, 0x2500],
    ]
    var random = SeededRandom(seed: 11)
    for round in 0..<40 {
      var rows: [String] = []
      for _ in 0..<size.height {
        var text = ""
        while text.cellWidth < size.width - 8 {
          var cluster = String.UnicodeScalarView()
          for _ in 0..<Int.random(in: 1...4, using: &random) {
            let group = pool.randomElement(using: &random)!
            cluster.append(Unicode.Scalar(group.randomElement(using: &random)!)!)
          }
          text += String(cluster) + (Bool.random(using: &random) ? "|" : "")
        }
        rows.append(text)
      }
      // Consecutive frames share cells, so the writer draws only what changed.
      let frame = grid(rows, size: size)
      writer.write(frame, damage: [frame.bounds])
      for y in 0..<size.height {
        let problems = misalignments(session.window, grid: frame, y: y, stale: "\u{0}")
        guard problems.isEmpty else {
          Issue.record(
            "round \(round), row \(y) of \(rows[y].unicodeScalars.map(\.value)): \(problems)")
          return
        }
      }
    }
  }
}

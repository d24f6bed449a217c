import ScreenKit
import ScreenKitTerminal
import Testing

@testable import ScreenKitCurses

/// What an inline region writes, byte for byte, with xterm's sequences: the frames a terminal
/// test sees drawn, here for the choices of movement and the bytes each frame costs.
@MainActor
@Suite struct InlineFrameWriterTests {
  /// A screen that draws given rows, each in its style.
  final class RowsScreen: Screen {
    var rows: [(String, Style)] {
      didSet { setNeedsDisplay() }
    }

    init(_ rows: [(String, Style)]) {
      self.rows = rows
      super.init()
    }

    override func draw(in canvas: inout Canvas) {
      for (y, row) in rows.enumerated() {
        canvas.drawText(row.0, at: Point(x: 0, y: y), style: row.1)
      }
    }
  }

  private func stage(_ rows: [(String, Style)], width: Int = 10, height: Int = 3) -> Stage {
    let stage = Stage(root: RowsScreen(rows), size: Size(width: width, height: height))
    stage.mount()
    _ = stage.frame()
    return stage
  }

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  private let clearBelow = "\r\u{1B}[K\u{1B}[C\u{1B}[J\r"

  @Test func theFirstFrameClearsBelowMakesRoomSavesTheTopAndComesBackToIt() {
    let stage = stage([("ab", .plain), ("", .plain), ("c", .plain)])
    var writer = TerminalFrameWriter(sequences: .xterm, depth: .palette256)
    writer.repaint(stage.canvas.grid)
    writer.repaint(stage.canvas.grid)
    let bytes = text(writer.take())
    // NB: the second repaint finds the room made: only the first makes it and saves the top.
    let cells = "ab\n\n\rc\r\u{1B}[2A"
    #expect(bytes == clearBelow + "\n\n\u{1B}[2A\u{1B}7" + cells + clearBelow + cells)
    #expect(writer.rowsInUse == 3)
    #expect(writer.isTopSaved)
  }

  @Test func aSpinnerFrameAtTheTopLeftCostsItsGlyphAndOneCarriageReturn() {
    let screen = RowsScreen([("⠋ Loading…", .plain)])
    let stage = Stage(root: screen, size: Size(width: 20, height: 2))
    stage.mount()
    var writer = TerminalFrameWriter(sequences: .xterm, depth: .palette256)
    writer.repaint(stage.canvas.grid)
    _ = writer.take()
    _ = stage.frame()
    screen.rows = [("⠙ Loading…", .plain)]
    writer.update(stage.frame(), of: stage.canvas.grid)
    let bytes = writer.take()
    #expect(text(bytes) == "⠙\r")
    #expect(bytes.count == 4)
  }

  /// Down by line feeds, never `cud`: where the terminal dropped the rows below the cursor
  /// before the program heard it got shorter, `cud` would stop at the bottom and the climb
  /// back would end in the history (`InlineStartupTests`).
  @Test func aChangeBelowTheTopGoesDownByLineFeedsAndComesBackUp() {
    let screen = RowsScreen([("title", .plain), ("", .plain), ("x", .plain)])
    let stage = Stage(root: screen, size: Size(width: 10, height: 3))
    stage.mount()
    _ = stage.frame()
    var writer = TerminalFrameWriter(sequences: .xterm, depth: .palette256)
    screen.rows = [("title", .plain), ("", .plain), ("xy", .plain)]
    writer.update(stage.frame(), of: stage.canvas.grid)
    #expect(text(writer.take()) == "\n\n\u{1B}[2Gy\r\u{1B}[2A")
  }

  @Test func aCellInTheLastColumnLeavesTheColumnUnknownSoTheNextMoveIsAbsolute() {
    let screen = RowsScreen([("abcd", .plain)])
    let stage = Stage(root: screen, size: Size(width: 4, height: 1))
    stage.mount()
    _ = stage.frame()
    var writer = TerminalFrameWriter(sequences: .xterm, depth: .palette256)
    screen.rows = [("abcx", .plain)]
    writer.update(stage.frame(), of: stage.canvas.grid)
    // NB: after the last column the terminal holds a pending wrap: a backspace would land
    // one column short, so the way home is a carriage return.
    #expect(text(writer.take()) == "\u{1B}[4Gx\r")
  }

  @Test func stylesAreSetBeforeTheirCellsAndPlainAgainBeforeTheCursorRests() {
    let stage = stage([("a", .bold), ("b", Style(foreground: .red))], width: 4, height: 2)
    var writer = TerminalFrameWriter(sequences: .xterm, depth: .palette256)
    writer.repaint(stage.canvas.grid)
    let bytes = text(writer.take())
    #expect(
      bytes.hasSuffix(
        "\u{1B}[1ma\n\r\u{1B}(B\u{1B}[m\u{1B}[31mb\u{1B}(B\u{1B}[m\r\u{1B}[1A"))
  }

  @Test func monochromeDropsColoursAndKeepsAttributes() {
    let stage = stage([("a", Style(foreground: .red, attributes: .underline))], width: 2, height: 1)
    var writer = TerminalFrameWriter(sequences: .xterm, depth: .monochrome)
    writer.repaint(stage.canvas.grid)
    let bytes = text(writer.take())
    #expect(bytes.contains("\u{1B}[4ma"))
    #expect(!bytes.contains("\u{1B}[31m"))
  }

  @Test func aWideCharacterIsWrittenOnceAndTheColumnSkipsItsSecondCell() {
    let screen = RowsScreen([("终x", .plain)])
    let stage = Stage(root: screen, size: Size(width: 6, height: 1))
    stage.mount()
    _ = stage.frame()
    var writer = TerminalFrameWriter(sequences: .xterm, depth: .palette256)
    screen.rows = [("终y", .plain)]
    writer.update(stage.frame(), of: stage.canvas.grid)
    #expect(text(writer.take()) == "\u{1B}[3Gy\r")
  }

  @Test func committedLinesReplaceTheRegionAndTheNextRepaintMakesRoomBelowThem() {
    let stage = stage([("a", .plain), ("b", .plain)], width: 4, height: 2)
    var writer = TerminalFrameWriter(sequences: .xterm, depth: .palette256)
    writer.repaint(stage.canvas.grid)
    _ = writer.take()
    writer.commit(PrintedLine.lines(of: "done\nok", style: .plain).map { ($0.text, $0.style) })
    #expect(!writer.isTopSaved)
    writer.repaint(stage.canvas.grid)
    #expect(
      text(writer.take())
        == clearBelow + "done\r\nok\r\n" + clearBelow + "\n\u{1B}[1A\u{1B}7"
        + "a\n\rb\r\u{1B}[1A")
  }

  @Test func aCommittedLineOfRunsHasEachInItsStyleAndNoControlCharacter() {
    var writer = TerminalFrameWriter(sequences: .xterm, depth: .palette256)
    let line = PrintedLine(runs: [("✔", Style(foreground: .green)), (" a\nb", .plain)])
    #expect(line.text == "✔ a^Jb")
    writer.commit(runs: [line.runs.map { ($0.text, $0.style) }])
    #expect(
      text(writer.take())
        == clearBelow + "\u{1B}[32m✔\u{1B}(B\u{1B}[m a^Jb\r\n")
  }

  @Test func leavingKeepsTheRowsInUseOrClearsThemAndEndsOnTheLineBelow() {
    let stage = stage([("a", .plain), ("b", .plain)], width: 4, height: 4)
    var writer = TerminalFrameWriter(sequences: .xterm, depth: .palette256)
    writer.repaint(stage.canvas.grid)
    #expect(writer.rowsInUse == 2)
    #expect(
      text(writer.leave(keepingLastFrame: true, restoringCursor: false)) == "\r\n\n" + clearBelow
        + "\u{1B}(B\u{1B}[m")
    #expect(
      text(writer.leave(keepingLastFrame: false, restoringCursor: false)) == "\r" + clearBelow
        + "\u{1B}(B\u{1B}[m")
    // NB: a signal's restore goes back to the saved top first, whatever a frame left.
    #expect(
      text(writer.leave(keepingLastFrame: false, restoringCursor: true)).hasPrefix("\u{1B}8\r"))
  }

  @Test func aRestoreBeforeTheTopIsSavedStartsWhereTheCursorIs() {
    let writer = TerminalFrameWriter(sequences: .xterm, depth: .palette256)
    #expect(!text(writer.leave(keepingLastFrame: false, restoringCursor: true)).contains("\u{1B}8"))
  }

  @Test func printedTextShowsControlCharactersAndSplitsLinesAsPrintWould() {
    #expect(PrintedLine.lines(of: "a\u{1B}[2Jb", style: .plain).map(\.text) == ["a^[[2Jb"])
    #expect(PrintedLine.lines(of: "a\n", style: .plain).map(\.text) == ["a", ""])
    #expect(PrintedLine.lines(of: "a\r\nb\tc", style: .plain).map(\.text) == ["a", "b\tc"])
    #expect(PrintedLine.lines(of: "\u{7F}\u{9B}x", style: .plain).map(\.text) == ["^?^[[x"])
    #expect(PrintedLine.lines(of: "", style: .plain).map(\.text) == [""])
  }
}

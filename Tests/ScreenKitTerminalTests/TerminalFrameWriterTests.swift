import ScreenKit
import ScreenKitTerminal
import Testing

/// The bytes the public writer makes of a host's frames, through its public interface only,
/// as a host without ncurses (a network server's session) uses it.
@MainActor
@Suite struct TerminalFrameWriterTests {
  /// A screen that draws given rows, each in its style, and has a cursor where asked.
  final class RowsScreen: Screen {
    var rows: [(String, Style)] {
      didSet { setNeedsDisplay() }
    }
    var cursor: Point? {
      didSet { setNeedsCursorUpdate() }
    }

    init(_ rows: [(String, Style)]) {
      self.rows = rows
      super.init()
    }

    override var cursorPosition: Point? { cursor }
    // NB: a screen's cursor shows only while it has focus.
    override var canBecomeFocused: Bool { true }

    override func draw(in canvas: inout Canvas) {
      for (y, row) in rows.enumerated() {
        canvas.drawText(row.0, at: Point(x: 0, y: y), style: row.1)
      }
    }
  }

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  /// xterm's sgr0, as terminfo has it: the character set and the attributes back to plain.
  private let plain = "\u{1B}(B\u{1B}[m"

  @Test func onTheScreenTheFirstFrameWritesEveryCellAtTheOriginAndAChangeOnlyItsCells() {
    let screen = RowsScreen([("ab", .plain), ("   c", .plain)])
    let stage = Stage(root: screen, size: Size(width: 5, height: 2))
    stage.mount()
    var writer = TerminalFrameWriter(
      depth: .palette256, placement: .screen(origin: Point(x: 10, y: 2)))
    writer.draw(stage.frame(), of: stage.canvas.grid)
    // NB: a full repaint's runs are its whole rows, blanks included: they erase what the pane
    // showed before. Each row starts with an absolute move (1-based: row 3, column 11), and
    // the cursor ends on the focus, the focused screen's top-left.
    #expect(text(writer.take()) == "\u{1B}[3;11Hab   \u{1B}[4;11H   c \u{1B}[3;11H")
    screen.rows = [("ab", .plain), ("   d", .plain)]
    writer.draw(stage.frame(), of: stage.canvas.grid)
    #expect(text(writer.take()) == "\u{1B}[4;14Hd\u{1B}[3;11H")
    // Nothing changed: the cursor goes back to the focus alone, wherever the program left it.
    writer.draw(stage.frame(), of: stage.canvas.grid)
    #expect(text(writer.take()) == "\u{1B}[3;11H")
  }

  @Test func colorsDegradeToASixteenColorTerminalAndTheFrameEndsPlain() {
    // Palette entry 196 (pure red) is the bright red of 16 colours (SGR 91); 21 (pure blue)
    // the normal blue (SGR 44) on the background.
    let style = Style(foreground: .indexed(196), background: .indexed(21), attributes: .bold)
    let stage = Stage(root: RowsScreen([("x", style)]), size: Size(width: 1, height: 1))
    stage.mount()
    var sixteen = TerminalFrameWriter(depth: .sixteen, placement: .screen(origin: .zero))
    sixteen.draw(stage.frame(), of: stage.canvas.grid)
    #expect(
      text(sixteen.take()) == "\u{1B}[1;1H\u{1B}[1m\u{1B}[91m\u{1B}[44mx" + plain + "\u{1B}[1;1H")
    var full = TerminalFrameWriter(depth: .palette256, placement: .screen(origin: .zero))
    stage.invalidateOutput()
    full.draw(stage.frame(), of: stage.canvas.grid)
    #expect(
      text(full.take())
        == "\u{1B}[1;1H\u{1B}[1m\u{1B}[38;5;196m\u{1B}[48;5;21mx" + plain + "\u{1B}[1;1H")
    var monochrome = TerminalFrameWriter(depth: .monochrome, placement: .screen(origin: .zero))
    stage.invalidateOutput()
    monochrome.draw(stage.frame(), of: stage.canvas.grid)
    #expect(text(monochrome.take()) == "\u{1B}[1;1H\u{1B}[1mx" + plain + "\u{1B}[1;1H")
  }

  @Test func aWideCharacterIsWrittenOnceForItsTwoCellsAndTheNextCellFollowsWithoutAMove() {
    let screen = RowsScreen([("界a", .plain)])
    let stage = Stage(root: screen, size: Size(width: 4, height: 1))
    stage.mount()
    var writer = TerminalFrameWriter(depth: .palette256, placement: .screen(origin: .zero))
    writer.draw(stage.frame(), of: stage.canvas.grid)
    #expect(text(writer.take()) == "\u{1B}[1;1H界a \u{1B}[1;1H")
    // The wide character replaced by two narrow ones: both its cells are written.
    screen.rows = [("xya", .plain)]
    writer.draw(stage.frame(), of: stage.canvas.grid)
    #expect(text(writer.take()) == "\u{1B}[1;1Hxy\u{1B}[1;1H")
  }

  @Test func theCursorIsShownAtTheFocusedScreensCursorAndHiddenWhenItHasNone() {
    let screen = RowsScreen([("name", .plain)])
    let stage = Stage(root: screen, size: Size(width: 6, height: 1))
    stage.mount()
    var writer = TerminalFrameWriter(depth: .palette256, placement: .screen(origin: .zero))
    writer.draw(stage.frame(), of: stage.canvas.grid)
    _ = writer.take()
    screen.cursor = Point(x: 4, y: 0)
    writer.draw(stage.frame(), of: stage.canvas.grid)
    #expect(text(writer.take()) == "\u{1B}[1;5H\u{1B}[?12l\u{1B}[?25h")
    #expect(writer.isCursorShown)
    screen.cursor = nil
    writer.draw(stage.frame(), of: stage.canvas.grid)
    // Hidden, it rests on the focus: the screen's top-left.
    #expect(text(writer.take()) == "\u{1B}[?25l\u{1B}[1;1H")
  }

  @Test func theCursorRestsOnTheFocusHiddenAndShowsThereOnlyWithShowsFocusCursor() {
    let screen = RowsScreen([("one", .plain), ("two", .plain)])
    let stage = Stage(root: screen, size: Size(width: 6, height: 2))
    stage.mount()
    var writer = TerminalFrameWriter(depth: .palette256, placement: .screen(origin: .zero))
    writer.draw(stage.frame(), of: stage.canvas.grid)
    #expect(text(writer.take()).hasSuffix("\u{1B}[1;1H"))
    #expect(!writer.isCursorShown)
    writer.showsFocusCursor = true
    stage.invalidateOutput()
    writer.draw(stage.frame(), of: stage.canvas.grid)
    #expect(text(writer.take()).hasSuffix("\u{1B}[1;1H\u{1B}[?12l\u{1B}[?25h"))
    #expect(writer.isCursorShown)
    writer.showsFocusCursor = false
    screen.rows = [("one", .plain), ("six", .plain)]
    writer.draw(stage.frame(), of: stage.canvas.grid)
    #expect(text(writer.take()) == "\u{1B}[2;1Hsix\u{1B}[?25l\u{1B}[1;1H")
    #expect(!writer.isCursorShown)
  }

  @Test func inlineAFullRepaintMakesRoomAtTheCursorAndASpinnerFrameIsItsGlyphAndAReturn() {
    let screen = RowsScreen([("⠋ Loading…", .plain)])
    let stage = Stage(root: screen, size: Size(width: 20, height: 2))
    stage.mount()
    var writer = TerminalFrameWriter(depth: .palette256, placement: .inline)
    writer.draw(stage.frame(), of: stage.canvas.grid)
    // Cleared from the top-left down, a line fed to make room for the second row, back up,
    // the top saved; the row's cells that are not blank drawn (over the blank one, to the
    // column), and the cursor back at the top-left.
    let clearBelow = "\r\u{1B}[K\u{1B}[C\u{1B}[J\r"
    #expect(
      text(writer.take()) == clearBelow + "\n\u{1B}[1A\u{1B}7⠋\u{1B}[3GLoading…\r")
    screen.rows = [("⠙ Loading…", .plain)]
    writer.draw(stage.frame(), of: stage.canvas.grid)
    #expect(text(writer.take()) == "⠙\r")
  }
}

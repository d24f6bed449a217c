import ScreenKit
import ScreenKitTerminal
import Testing

@testable import ScreenKitCurses

/// The terminal's cursor in an inline region, byte for byte with xterm's sequences: shown at a
/// text field's insertion point after a frame, moved from there by the next, and taken back to
/// the region's top-left before anything clears or leaves the region.
@MainActor
@Suite struct InlineCursorTests {
  private let show = "\u{1B}[?12l\u{1B}[?25h"
  private let hide = "\u{1B}[?25l"
  private let clearBelow = "\r\u{1B}[K\u{1B}[C\u{1B}[J\r"

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  /// Whether `bytes` start with `prefix`'s bytes (a `String` would compare graphemes, and
  /// `\r\n` is one).
  private func bytes(_ bytes: [UInt8], startWith prefix: String) -> Bool {
    bytes.starts(with: Array(prefix.utf8))
  }

  /// A field on the region's top row over a status line, drawn once; the writer has repainted
  /// it and rests at the top-left.
  private func fieldRegion(_ text: String = "ab") -> (
    TextField, Stage, TerminalFrameWriter, Point?
  ) {
    let field = TextField(text: text, prompt: "> ")
    let root = FieldOverStatus(field: field)
    let stage = Stage(root: root, size: Size(width: 10, height: 2))
    stage.mount()
    let cursor = stage.frame().cursor
    var writer = TerminalFrameWriter(sequences: .xterm, depth: .monochrome)
    writer.repaint(stage.canvas.grid)
    _ = writer.take()
    return (field, stage, writer, cursor)
  }

  @Test func aFrameWithACursorMovesToItAndShowsIt() {
    var (_, _, writer, cursor) = fieldRegion()
    #expect(cursor == Point(x: 4, y: 0))
    writer.rest(at: cursor)
    #expect(text(writer.take()) == "\u{1B}[5G" + show)
    #expect(writer.isCursorShown)
  }

  @Test func aCharacterTypedAtTheCursorCostsItsByteAlone() {
    var (field, stage, writer, cursor) = fieldRegion()
    writer.rest(at: cursor)
    _ = writer.take()
    _ = field.handle(.character("c"))
    let changes = stage.frame()
    writer.update(changes, of: stage.canvas.grid, cursor: changes.cursor)
    #expect(text(writer.take()) == "c")
    #expect(changes.cursor == Point(x: 5, y: 0))
  }

  @Test func theNextFrameMovesFromTheCursorAndBackToIt() {
    var (field, stage, writer, cursor) = fieldRegion()
    writer.rest(at: cursor)
    _ = writer.take()
    (field.parent as? FieldOverStatus)?.status = "found"
    let changes = stage.frame()
    writer.update(changes, of: stage.canvas.grid, cursor: changes.cursor)
    // Down a row from the cursor's cell, the status from its first column, back up to the
    // field and one column left.
    #expect(text(writer.take()) == "\n\rfound\u{1B}[1A\u{8}")
  }

  @Test func aFrameThatChangesNothingWritesNothing() {
    var (_, stage, writer, cursor) = fieldRegion()
    writer.rest(at: cursor)
    _ = writer.take()
    let changes = stage.frame()
    writer.update(changes, of: stage.canvas.grid, cursor: changes.cursor)
    #expect(writer.take().isEmpty)
  }

  @Test func whenTheCursorGoesItIsHiddenThenBackAtTheTopLeft() {
    var (_, stage, writer, _) = fieldRegion()
    writer.rest(at: Point(x: 4, y: 1))
    _ = writer.take()
    writer.update(FrameChanges(), of: stage.canvas.grid, cursor: nil)
    #expect(text(writer.take()) == hide + "\r\u{1B}[1A")
    #expect(!writer.isCursorShown)
    #expect(writer.row == 0)
  }

  @Test func aRepaintGoesBackUpToTheTopBeforeItClears() {
    var (_, stage, writer, _) = fieldRegion()
    writer.rest(at: Point(x: 4, y: 1))
    _ = writer.take()
    writer.forgetScreen()
    writer.repaint(stage.canvas.grid)
    #expect(bytes(writer.take(), startWith: "\u{1B}[1A" + clearBelow + "\n"))
  }

  @Test func printedLinesGoBackUpToTheTopBeforeTheyClear() {
    var (_, _, writer, _) = fieldRegion()
    writer.rest(at: Point(x: 4, y: 1))
    _ = writer.take()
    writer.commit(PrintedLine.lines(of: "done", style: .plain).map { ($0.text, $0.style) })
    #expect(text(writer.take()) == "\u{1B}[1A" + clearBelow + "done\r\n")
    #expect(writer.row == 0)
  }

  @Test func leavingGoesBackUpToTheTopOrToTheSavedTop() {
    var (_, _, writer, _) = fieldRegion()
    writer.rest(at: Point(x: 4, y: 1))
    _ = writer.take()
    #expect(
      text(writer.leave(keepingLastFrame: false, restoringCursor: false)).hasPrefix("\u{1B}[1A\r"))
    #expect(
      text(writer.leave(keepingLastFrame: false, restoringCursor: true)).hasPrefix("\u{1B}8\r"))
    writer.forgetScreen()
    #expect(
      text(writer.leave(keepingLastFrame: false, restoringCursor: true)).hasPrefix("\u{1B}[1A\r"))
  }

  @Test func onTheTopRowGoingBackIsACarriageReturn() {
    var (_, _, writer, _) = fieldRegion()
    writer.rest(at: Point(x: 4, y: 0))
    _ = writer.take()
    writer.forgetScreen()
    #expect(text(writer.leave(keepingLastFrame: false, restoringCursor: true)).hasPrefix("\r"))
  }

  @Test func afterAContinueTheRegionStartsAtTheCursorWithTheCursorHidden() {
    var (_, stage, writer, cursor) = fieldRegion()
    writer.rest(at: Point(x: 4, y: 1))
    _ = writer.take()
    writer.restart()
    #expect(!writer.isCursorShown)
    writer.repaint(stage.canvas.grid)
    writer.rest(at: cursor)
    let written = writer.take()
    #expect(bytes(written, startWith: clearBelow + "\n"))
    #expect(written.reversed().starts(with: Array(show.utf8).reversed()))
  }
}

/// A field on the first row and a status line under it.
@MainActor
private final class FieldOverStatus: Screen {
  let field: TextField
  var status = "" {
    didSet { setNeedsDisplay(in: Rect(x: 0, y: 1, width: frame.width, height: 1)) }
  }

  init(field: TextField) {
    self.field = field
    super.init()
    addChild(field)
  }

  override func layoutChildren() {
    field.frame = Rect(x: 0, y: 0, width: frame.width, height: 1)
  }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText(status, at: Point(x: 0, y: 1))
  }
}

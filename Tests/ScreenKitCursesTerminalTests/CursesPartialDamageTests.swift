import CNCurses
import ScreenKit
import TerminalProcess
import Testing

@testable import ScreenKitCurses

/// ncurses keeps half a wide character when a write covers only the other half, so the writer
/// must write both halves even when the damage it is given cuts one off.
extension CursesSessionTests {
  private func row(_ text: String, width: Int = 80) -> CellGrid {
    var canvas = Canvas(size: Size(width: width, height: 24))
    canvas.drawText(text, at: .zero)
    return canvas.grid
  }

  @Test(arguments: [3, 2])
  func damageCuttingAWideCharacterWritesBothHalves(damagedColumn: Int) throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let session = try openSession(pty)
    defer { session.close() }
    let writer = DiffingWriter(window: session.window, palette: session.palette)
    let wide = row("ab世cd")
    writer.write(wide, damage: [wide.bounds])
    // A grid that changed outside the damage, as a stage that cut 世 at the damage edge made.
    let blanked = row("ab  cd")
    writer.write(blanked, damage: [Rect(x: damagedColumn, y: 0, width: 1, height: 1)])
    #expect(
      windowCells(session.window, y: 0, width: 6).map(\.text) == ["a", "b", " ", " ", "c", "d"])
    writer.write(wide, damage: [wide.bounds])
    #expect(windowCells(session.window, y: 0, width: 6).map(\.text) == ["a", "b", "世", "c", "d"])
    let other = row("ab界cd")
    writer.write(other, damage: [Rect(x: damagedColumn, y: 0, width: 1, height: 1)])
    #expect(windowCells(session.window, y: 0, width: 6).map(\.text) == ["a", "b", "界", "c", "d"])
    let narrow = row("abxycd")
    writer.write(narrow, damage: [Rect(x: damagedColumn, y: 0, width: 1, height: 1)])
    #expect(
      windowCells(session.window, y: 0, width: 6).map(\.text) == ["a", "b", "x", "y", "c", "d"])
  }
}

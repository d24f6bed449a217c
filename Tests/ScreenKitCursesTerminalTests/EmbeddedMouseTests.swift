import CNCurses
import ScreenKit
import ScreenKitCurses
import Testing

/// A screen that keeps where it was clicked, in its own coordinates.
@MainActor private final class ClickRecorder: Screen {
  var clicks: [Point] = []

  override func handleMouse(_ event: MouseEvent) -> Bool {
    guard event.isClick else { return false }
    clicks.append(event.position)
    return true
  }
}

extension CursesSessionTests {
  /// The terminal reports a click where it is on the screen; the hosted screens live in a pane
  /// somewhere in the program's window, so the host must move the point into the pane, and a
  /// click elsewhere on the screen is the program's, not the pane's.
  @Test func anEmbeddedHostMovesClicksIntoItsPaneAndLeavesOthersToTheProgram() throws {
    try withHostProgram { window in
      let recorder = ClickRecorder()
      let host = try EmbeddedHost(
        root: recorder, window: window, region: Rect(x: 10, y: 3, width: 20, height: 5),
        palette: CursesPalette())
      defer { host.close() }
      // SGR reports are 1-based: column 14, row 6 is the cell (13, 5) of the screen.
      #expect(host.deliver(bytes: Array("\u{1B}[<0;14;6M\u{1B}[<0;14;6m".utf8)))
      #expect(recorder.clicks == [Point(x: 3, y: 2)])
      #expect(!host.deliver(bytes: Array("\u{1B}[<0;1;1M\u{1B}[<0;1;1m".utf8)))
      #expect(recorder.clicks == [Point(x: 3, y: 2)])
    }
  }
}

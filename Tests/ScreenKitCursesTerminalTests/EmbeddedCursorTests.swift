import CNCurses
import ScreenKit
import ScreenKitCurses
import Testing

extension CursesSessionTests {
  /// A text field in a pane of the program's window: the host says where the cursor belongs in
  /// the window, and leaves the window's cursor there for the program's `doupdate`.
  @Test func anEmbeddedHostPlacesTheWindowsCursorAtTheFieldsInsertionPoint() throws {
    try withHostProgram { window in
      let field = TextField(prompt: "> ")
      let host = try EmbeddedHost(
        root: field, window: window, region: Rect(x: 10, y: 3, width: 20, height: 1),
        palette: CursesPalette())
      defer { host.close() }
      host.drawFrame()
      #expect(host.cursor == Point(x: 12, y: 3))
      #expect(host.handle(.key("h")))
      #expect(host.handle(.key("i")))
      host.drawFrame()
      #expect(host.cursor == Point(x: 14, y: 3))
      #expect(getcury(window) == 3)
      #expect(getcurx(window) == 14)
      host.stage.focus(nil)
      host.drawFrame()
      #expect(host.cursor == nil)
    }
  }
}

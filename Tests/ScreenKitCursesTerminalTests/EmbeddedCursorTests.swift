import CNCurses
import ScreenKit
import ScreenKitCurses
import ScreenKitTerminal
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

  /// The accessible mode where another program owns the terminal: the host leaves the
  /// window's cursor on the focus, and the announcer says what the embedded screens are,
  /// frame after frame, for the program's own linear output.
  @Test func anEmbeddedHostsScreensAreSaidByTheAnnouncerAfterEachFrame() throws {
    struct Row: ListRowDisplayable { var title: String }
    try withHostProgram { window in
      let list = ListScreen(rows: [Row(title: "Swift Basics"), Row(title: "Concurrency")])
      list.title = "Episodes"
      let host = try EmbeddedHost(
        root: list, window: window, region: Rect(x: 4, y: 2, width: 30, height: 5),
        palette: CursesPalette())
      defer { host.close() }
      var announcer = SemanticsAnnouncer()
      host.drawFrame()
      #expect(
        announcer.lines(after: host.stage) == ["Episodes, list, 2 items, 1 of 2: Swift Basics"])
      #expect(host.focus == Point(x: 4, y: 2))
      #expect(host.handle(.key(.down)))
      host.drawFrame()
      #expect(announcer.lines(after: host.stage) == ["Concurrency"])
      #expect(host.focus == Point(x: 4, y: 3))
      #expect(getcury(window) == 3 && getcurx(window) == 4)
    }
  }
}

import Foundation
import Testing

/// The terminal's own cursor at a text field's insertion point, in a real terminal (tmux),
/// full screen and inline: it shows there, follows what is typed, and is visible at the
/// shell's prompt after the program ends.
@Suite(
  "A text field's cursor in a real terminal", .serialized,
  .enabled(if: Shell.hasTmux, "tmux is not installed"))
struct TextFieldCursorTests {
  /// The test host's `field` mode: a title row, the field (`> `) on the second row, and the
  /// number of edits under it.
  private static func fieldHost(_ arguments: [String] = [], before: String = "") throws
    -> TmuxSession
  {
    try TmuxSession(
      ["field"] + arguments, width: 40, height: 12, before: before,
      program: "ScreenKitCursesTestHost")
  }

  /// Polls until tmux reports the cursor at `x`, `y` of the pane and shown (or hidden).
  private func waitForCursor(
    _ session: TmuxSession, x: Int, y: Int, shown: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let wanted = "\(x) \(y) \(shown ? 1 : 0)"
    var last = ""
    let seen = try await Poll.until(timeout: .seconds(10)) { () -> Bool? in
      last = try session.cursor()
      return last == wanted ? true : nil
    }
    if seen == nil {
      Issue.record(
        "the cursor was at \(last), not \(wanted):\n\(try session.capture())",
        sourceLocation: sourceLocation)
    }
  }

  @Test func fullScreenTheCursorIsAtTheInsertionPointAndVisibleAfterTheExit() async throws {
    let host = try Self.fieldHost()
    defer { host.close() }
    try await host.waitFor("FIELD-HOST", "> type here")
    try await waitForCursor(host, x: 2, y: 1)
    try host.send("a", "b", "c")
    try await host.waitFor("> abc", "edits=3")
    try await waitForCursor(host, x: 5, y: 1)
    // Ctrl-A moves the cursor alone: no cell changes, the cursor still moves.
    try host.send("C-a")
    try await waitForCursor(host, x: 2, y: 1)
    try host.send("Enter")
    #expect(try await host.exitStatus() == 0)
    try await host.waitFor("EXIT=0")
    #expect(try await host.standardError().contains("field=abc"))
    #expect(try host.paneFormat("cursor_flag") == "1")
    #expect(try host.paneFormat("alternate_on") == "0")
  }

  @Test func inlineTheCursorComesDownToTheFieldAndTheRegionStaysWhole() async throws {
    let host = try Self.fieldHost(["--inline=3"], before: "seq -f 'history %g' 1 20; ")
    defer { host.close() }
    let screen = try await host.waitFor("FIELD-HOST", "> type here")
    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
    let top = try #require(rows.firstIndex { $0.hasPrefix("FIELD-HOST") })
    try await waitForCursor(host, x: 2, y: top + 1)
    try host.send("x", "y")
    try await host.waitFor("> xy", "edits=2")
    try await waitForCursor(host, x: 4, y: top + 1)
    try host.send("BSpace")
    try await host.waitFor("edits=3")
    try await waitForCursor(host, x: 3, y: top + 1)
    // A resize repaints from the region's top: the cursor goes up to it first, so no frame is
    // left behind, and comes back down to the field.
    // Two rows fewer: tmux moves the top two rows into its history, the region with them.
    try host.resize(width: 30, height: 10)
    try await host.waitFor("> x", "edits=3")
    try await waitForCursor(host, x: 3, y: top - 1)
    let history = try host.captureWithHistory()
    #expect(history.components(separatedBy: "FIELD-HOST").count == 2, "\(history)")
    try host.send("Enter")
    #expect(try await host.exitStatus() == 0)
    let after = try await host.waitFor("EXIT=0")
    #expect(try host.paneFormat("cursor_flag") == "1")
    // The last frame kept once, whole, under the history; the shell's line right below it.
    let lines = after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.filter { $0.hasPrefix("FIELD-HOST") }.count == 1, "\(after)")
    let title = try #require(lines.firstIndex { $0.hasPrefix("FIELD-HOST") })
    #expect(lines[title - 1] == "history 20", "\(after)")
    #expect(lines[title + 1] == "> x", "\(after)")
    #expect(lines[title + 3] == "EXIT=0", "\(after)")
  }
}

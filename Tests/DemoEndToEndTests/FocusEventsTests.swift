import Foundation
import Testing

/// Focus reports in a real terminal: tmux, with `focus-events on` and a focused client,
/// reports the program's pane losing and regaining focus, and the screens hear of it.
@Suite(
  "Focus reports in a real terminal", .serialized,
  .enabled(if: Shell.hasTmux, "tmux is not installed"))
struct FocusEventsTests {
  @Test func movingTmuxsFocusAwayAndBackReachesTheScreens() async throws {
    let host = try TmuxSession(["echo"], width: 60, height: 12, program: "ScreenKitCursesTestHost")
    defer { host.close() }
    try await host.waitFor("READY")
    try await host.attachFocusedClient()
    // NB: the program's pane is read from the record of its output: once another pane is
    // selected, a capture shows that one.
    try host.selectPane(1)
    try await host.waitForOutput("FOCUS-OUT-1")
    try host.selectPane(0)
    try await host.waitFor("FOCUS-IN-2", without: ["FOCUS-OUT"])
    try host.send("q")
    #expect(try await host.exitStatus() == 0)
    let report = try await host.standardError()
    #expect(report.contains("received=0"), "a report leaked as keys: \(report)")
    #expect(report.contains("focus-changes=2"), "\(report)")
  }
}

import Foundation
import Testing

/// The mouse in the demo, in a real terminal: tmux sees the program turn reporting on, and
/// clicks written to the program's input open what they land on.
@Suite(
  "Mouse in a real terminal", .serialized,
  .enabled(if: Shell.hasTmux, "tmux is not installed"))
struct MouseTests {
  @Test func clickingAnEpisodeRowTwiceOpensIt() async throws {
    let demo = try TmuxSession(["--latency", "0.3"])
    defer { demo.close() }
    let list = try await demo.waitFor(DemoEndToEndTests.firstEpisode)
    #expect(try demo.paneFormat("mouse_standard_flag") == "1")
    #expect(try demo.paneFormat("mouse_sgr_flag") == "1")
    let lines = list.components(separatedBy: "\n")
    let row = try #require(lines.firstIndex { $0.contains("#02  Loading View Controllers") })
    try demo.click(x: 6, y: row)
    try await demo.waitFor("› #02  Loading View Controllers")
    try demo.click(x: 6, y: row)
    try await demo.waitFor(
      "Episodes › #02  Loading View Controllers", "More in Building UIs")
    // The breadcrumb's first title goes back to the list.
    try demo.click(x: 2, y: 0)
    try await demo.waitFor(DemoEndToEndTests.firstEpisode, without: ["More in Building UIs"])
    try demo.send("q")
    #expect(try await demo.exitStatus() == 0)
    // The demo has ended and the pane's shell waits: the terminal must have the mouse off.
    for flag in ["mouse_standard_flag", "mouse_sgr_flag", "mouse_any_flag", "mouse_button_flag"] {
      #expect(try demo.paneFormat(flag) == "0", "\(flag) was left on")
    }
  }

  /// The wheel scrolls an episode's detail, in both loading variants: the detail is taller
  /// than this pane.
  @Test(arguments: ["container", "protocol"])
  func theWheelScrollsAnEpisodesDetail(variant: String) async throws {
    let demo = try TmuxSession(["--latency", "0.3", "--variant", variant], height: 10)
    defer { demo.close() }
    try await demo.waitFor(DemoEndToEndTests.firstEpisode)
    try demo.send("j", "j", "j", "j", "j", "Enter")
    try await demo.waitFor("2016-11-23 · 26 min", without: ["#10  Core Data Basics"])
    try demo.scroll(x: 10, y: 4, by: 1)
    // One notch is three lines: the facts line goes, a related episode further down comes.
    try await demo.waitFor("#10  Core Data Basics", without: ["2016-11-23 · 26 min"])
    try demo.scroll(x: 10, y: 4, by: -1)
    try await demo.waitFor("2016-11-23 · 26 min", without: ["#10  Core Data Basics"])
  }

  @Test func noMouseLeavesTheMouseToTheTerminal() async throws {
    let demo = try TmuxSession(["--latency", "0.3", "--no-mouse"])
    defer { demo.close() }
    try await demo.waitFor(DemoEndToEndTests.firstEpisode)
    #expect(try demo.paneFormat("mouse_standard_flag") == "0")
    #expect(try demo.paneFormat("mouse_sgr_flag") == "0")
    #expect(try demo.paneFormat("mouse_any_flag") == "0")
    try demo.send("q")
    #expect(try await demo.exitStatus() == 0)
  }
}

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `Demo --inline` in a real terminal (tmux, which rewraps lines on a resize as most
/// terminals do): the shell's history above the region survives, no frame is left in the
/// scrollback, and the program ends with its last frame kept and the cursor below it.
@Suite(
  "Demo --inline in a real terminal", .serialized,
  .enabled(if: Shell.hasTmux, "tmux is not installed"))
struct InlineEndToEndTests {
  /// Forty lines of "shell history", more than the pane's height, so the region starts at
  /// the bottom of a full screen as it does in a shell that has been used.
  private static let history = (1...40).map { "history \($0)" }
  private static let printHistory = "seq -f 'history %g' 1 40; "

  /// The browser in an 8-row region under the history, on an 80x24 terminal.
  private static func browser() throws -> TmuxSession {
    try TmuxSession(
      ["--inline", "--height", "8", "--latency", "0.1"], width: 80, height: 24,
      before: printHistory)
  }

  /// Expects the forty history lines once each, in order, one after another.
  private func expectHistoryIntact(
    _ lines: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let first = lines.firstIndex(of: "history 1"), first + 40 <= lines.count else {
      Issue.record(
        "the history is gone:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
      return
    }
    #expect(
      Array(lines[first..<first + 40]) == Self.history, "\(lines.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
  }

  @Test func theHistoryStaysAndTheLastFrameIsLeftWithTheCursorBelowIt() async throws {
    let demo = try Self.browser()
    defer { demo.close() }
    try await demo.waitFor("Swift Sessions", "8 episodes")
    #expect(try demo.paneFormat("alternate_on") == "0")
    try demo.send("q")
    #expect(try await demo.exitStatus() == 0)
    let settings = try await demo.terminalSettings()
    #expect(settings.before == settings.after)
    let screen = try await demo.waitFor("EXIT=0")
    let all = try demo.linesWithHistory()
    expectHistoryIntact(all)
    // The last frame, once, right below the history; then the shell's next line.
    #expect(all.filter { $0.hasPrefix(" Episodes") }.count == 1, "\(screen)")
    let title = all.firstIndex { $0.hasPrefix(" Episodes") }
    #expect(title == all.firstIndex(of: "history 40").map { $0 + 1 }, "\(screen)")
    let exit = all.firstIndex(of: "EXIT=0")
    #expect(exit == title.map { $0 + 8 }, "the cursor was not on the line below:\n\(screen)")
    #expect(try demo.paneFormat("cursor_flag") == "1")
    #expect(try demo.paneFormat("keypad_cursor_flag") == "0")
  }

  @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
  func aSignalLeavesTheHistoryTheLastFrameAndTheCursorBelow(signal: Int32) async throws {
    let demo = try Self.browser()
    defer { demo.close() }
    try await demo.waitFor("Swift Sessions", "8 episodes")
    kill(try await demo.demoProcessID(), signal)
    #expect(try await demo.exitStatus() == 128 + signal)
    let settings = try await demo.terminalSettings()
    #expect(settings.before == settings.after)
    let screen = try await demo.waitFor("EXIT=\(128 + signal)")
    let all = try demo.linesWithHistory()
    expectHistoryIntact(all)
    let title = all.firstIndex { $0.hasPrefix(" Episodes") }
    #expect(all.filter { $0.hasPrefix(" Episodes") }.count == 1, "\(screen)")
    #expect(title == all.firstIndex(of: "history 40").map { $0 + 1 }, "\(screen)")
    // NB: the shell's own line ("Terminated", "Hangup") comes first, on the line below.
    let below = title.map { $0 + 8 } ?? 0
    #expect(
      all.indices.contains(below) && all[below - 1].hasPrefix(" ↑↓ move")
        && (all[below].hasPrefix("EXIT=") || all[below].contains("Terminated")
          || all[below].contains("Hangup")),
      "the cursor was not on the line below:\n\(screen)")
    for flag in ["cursor_flag"] { #expect(try demo.paneFormat(flag) == "1") }
    for flag in ["keypad_cursor_flag", "mouse_sgr_flag", "mouse_standard_flag", "alternate_on"] {
      #expect(try demo.paneFormat(flag) == "0", "\(flag) was left on")
    }
  }

  @Test func resizesRedrawOnceAndLeaveNoFrameInTheScrollback() async throws {
    let demo = try Self.browser()
    defer { demo.close() }
    try await demo.waitFor("Swift Sessions", "8 episodes")
    // Narrower than the rows (the terminal rewraps them), wider, shorter, one row, back.
    for (width, height) in [(60, 24), (100, 24), (100, 12), (100, 1), (70, 20), (80, 24)] {
      let mark = demo.outputByteCount()
      try demo.resize(width: width, height: height)
      // NB: the repaint at this size, not the screen before it: a capture cannot tell them
      // apart (at one row the region is blank), and the next resize would otherwise come
      // first. A repaint writes at least the clearing of the region.
      let repainted = try await Poll.until(timeout: .seconds(10)) {
        demo.outputByteCount() > mark ? true : nil
      }
      #expect(repainted == true, "no repaint at \(width)x\(height)")
    }
    try demo.send("q")
    #expect(try await demo.exitStatus() == 0)
    try await demo.waitFor("EXIT=0")
    let all = try demo.linesWithHistory()
    expectHistoryIntact(all)
    #expect(
      all.filter { $0.hasPrefix(" Episodes") }.count == 1,
      "a frame was left in the scrollback:\n\(all.joined(separator: "\n"))")
    #expect(all.filter { $0.contains("Swift Sessions") }.count == 1)
  }

  /// A click lands on the screen row under it though the region starts far down the screen:
  /// the region asked the terminal where its top is.
  @Test func clicksLandOnTheRowsOfTheRegion() async throws {
    let demo = try Self.browser()
    defer { demo.close() }
    let list = try await demo.waitFor("Swift Sessions", "8 episodes")
    #expect(try demo.paneFormat("mouse_sgr_flag") == "1")
    let rows = list.components(separatedBy: "\n")
    let row = try #require(rows.firstIndex { $0.contains("▸ Concurrency") })
    #expect(row > 8, "the region is not low on the screen:\n\(list)")
    try demo.click(x: 6, y: row)
    try await demo.waitFor("› ▸ Concurrency")
    try demo.click(x: 6, y: row)
    try await demo.waitFor("Episodes › Concurrency")
    try demo.send("q")
    #expect(try await demo.exitStatus() == 0)
    for flag in ["mouse_standard_flag", "mouse_sgr_flag", "mouse_any_flag", "mouse_button_flag"] {
      #expect(try demo.paneFormat(flag) == "0", "\(flag) was left on")
    }
  }

  @Test func anOutputThatIsNotATerminalGetsPlainTextOnly() async throws {
    let demo = try TmuxSession(
      [
        "load-probe", "--inline", "--seconds", "0.2", "--text", "probe-done", "--trace",
        "trace.log",
      ], width: 80, height: 24, redirections: "> plain.txt")
    defer { demo.close() }
    let trace = demo.directory.appendingPathComponent("trace.log").path
    let mounted = try await Poll.until(timeout: .seconds(10)) { () -> Bool? in
      (try? String(contentsOfFile: trace, encoding: .utf8))?.contains("mount") == true ? true : nil
    }
    #expect(mounted == true, "the loaded screen never mounted")
    // NB: keys are read from the terminal line by line: q and Enter quit.
    try demo.send("q", "Enter")
    #expect(try await demo.exitStatus() == 0)
    let written = try Data(contentsOf: demo.directory.appendingPathComponent("plain.txt"))
    #expect(String(decoding: written, as: UTF8.self) == "probe-done\n")
    #expect(!written.contains(0x1B))
  }
}

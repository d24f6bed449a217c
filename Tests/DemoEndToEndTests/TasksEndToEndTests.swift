import Foundation
import Testing

/// `TasksExample` (50 packages installed at once, one row each, folded past 8 rows) in a real
/// terminal and piped: the scrollback holds the finished lines and the logs and nothing of the
/// rows, through resizes; Ctrl-C; plain lines without a terminal.
@Suite(
  "A group of tasks in a real terminal and piped", .serialized,
  .enabled(if: Shell.hasTmux, "tmux is not installed"))
struct TasksEndToEndTests {
  /// Whether `line` is `✔ package-N 1.2s` (or `✘ package-N 0.3s: checksum mismatch` when
  /// `failed`), and N.
  private func finished(_ line: String, failed: Bool = false) -> Int? {
    let prefix = failed ? "✘ package-" : "✔ package-"
    guard line.hasPrefix(prefix) else { return nil }
    let parts = line.dropFirst(prefix.count).split(separator: " ", maxSplits: 1)
    guard parts.count == 2, let index = Int(parts[0]) else { return nil }
    let time =
      failed ? parts[1].replacingOccurrences(of: ": checksum mismatch", with: "") : String(parts[1])
    guard time.hasSuffix("s"), Double(time.dropLast()) != nil else { return nil }
    return index
  }

  @Test func fiftyTasksAndTheirLogsLeaveExactlyTheirLinesThroughAResize() async throws {
    let session = try TmuxSession(
      ["--tasks", "50", "--fail", "7", "--steps", "40", "--step-ms", "150"], width: 80,
      height: 12, before: "unset CI; trap true INT; echo history; ", program: "TasksExample")
    defer { session.close() }
    // NB: the resizes wait for any row of the group, not for its fold: in the whole suite on a
    // loaded machine the test was held back until the group of 10 s had ended, twice. The
    // history must be exact whenever they land; most land mid-group.
    // Shorter, then wider and taller; not narrower than the rows. A terminal that rewraps
    // (tmux) pushes rows into its history when the region's rows, rewrapped narrower, no
    // longer fit on the screen (docs/inline.md, "What no program can prevent"): resized to 50
    // columns in the group's first second, while its nine rows of 55 columns were all on the
    // screen, two of them were left there (1 run in 23 at load 10).
    try await session.waitFor("package-")
    try session.resize(width: 80, height: 7)
    try await session.waitFor("package-")
    try session.resize(width: 100, height: 12)
    #expect(try await session.exitStatus() == 1)
    let settings = try await session.terminalSettings()
    #expect(settings.before == settings.after)
    try await session.waitFor("EXIT=1")
    let all = try session.linesWithHistory(after: "history")
    let text = all.joined(separator: "\n")
    #expect(all.first == "Installing 50 packages", "\(text)")
    #expect(all.suffix(2) == ["Failed: package-7.", "EXIT=1"], "\(text)")
    let body = Array(all.dropFirst().dropLast(2))
    // Every row left is a log or a finished task's line: none of a running task's row, nor of
    // the fold, in any order of the resize.
    var halfWay: [Int: Int] = [:]
    var done: [Int: Int] = [:]
    for (position, line) in body.enumerated() {
      if line.hasPrefix("package-"), line.hasSuffix(": half way"),
        let index = Int(line.dropFirst("package-".count).prefix { $0.isNumber })
      {
        #expect(halfWay[index] == nil, "\(line) twice")
        halfWay[index] = position
      } else if let index = finished(line) ?? finished(line, failed: true) {
        #expect(done[index] == nil, "\(line) twice")
        #expect(line.hasPrefix("✘") == (index == 7), "\(line)")
        done[index] = position
      } else {
        Issue.record("a row that is neither a log nor a finished task: \(line)\n\(text)")
      }
    }
    #expect(body.count == 100)
    #expect(Set(halfWay.keys) == Set(1...50))
    #expect(Set(done.keys) == Set(1...50))
    for index in 1...50 {
      #expect((halfWay[index] ?? .max) < (done[index] ?? .min), "package-\(index) out of order")
    }
  }

  @Test func ctrlCEndsWithStatus130AndTheTerminalPutBack() async throws {
    let session = try TmuxSession(
      ["--tasks", "50", "--steps", "1000"], width: 80, height: 12,
      before: "unset CI; trap true INT; echo history; ", program: "TasksExample")
    defer { session.close() }
    try await session.waitFor("more (")
    try session.send("C-c")
    #expect(try await session.exitStatus() == 130)
    let settings = try await session.terminalSettings()
    #expect(settings.before == settings.after)
    try await session.waitFor("EXIT=130")
    #expect(
      try session.linesWithHistory(after: "history") == ["Installing 50 packages", "EXIT=130"])
    #expect(try session.paneFormat("cursor_flag") == "1")
    #expect(try session.paneFormat("keypad_cursor_flag") == "0")
  }

  @Test func aDumbTerminalGetsPlainLinesAndNoSpinnerFrame() async throws {
    let session = try TmuxSession(
      ["--tasks", "5", "--step-ms", "5"], width: 80, height: 12, environment: ["TERM": "dumb"],
      before: "unset CI; trap true INT; echo history; ", program: "TasksExample")
    defer { session.close() }
    #expect(try await session.exitStatus() == 0)
    try await session.waitFor("EXIT=0")
    let all = try session.linesWithHistory(after: "history")
    // The group's first log, a log and a line a task, the program's line, the shell's status.
    #expect(all.count == 13, "\(all)")
    let installed: [Int] = all.compactMap { finished($0) }.sorted()
    #expect(installed == [1, 2, 3, 4, 5])
    let end: [String] = Array(all.suffix(2))
    #expect(end == ["Installed 5 packages.", "EXIT=0"])
    let output = session.output()
    #expect(!output.contains("more ("))
    let drawn = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏█░".filter { (glyph: Character) in output.contains(String(glyph)) }
    #expect(drawn.isEmpty, "spinner or bar glyphs written: \(drawn)")
  }

  @Test func pipedEachFinishedTaskIsOnePlainLine() throws {
    let binary = try DemoBinary.sibling(named: "TasksExample")
    let run = try Shell.run([
      "bash", "-c",
      "unset CI; \(Shell.quote(binary)) --tasks 20 --fail 3 --step-ms 5 < /dev/null | cat; exit ${PIPESTATUS[0]}",
    ])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(!run.stdout.contains("\u{1B}"))
    #expect(run.stderr.isEmpty)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 1 + 20 + 20 + 1, "\(run.stdout)")
    #expect(lines.first == "Installing 20 packages")
    #expect(lines.last == "Failed: package-3.")
    #expect(lines.compactMap { finished($0) }.sorted() == Array(1...20).filter { $0 != 3 })
    #expect(lines.compactMap { finished($0, failed: true) } == [3])
  }
}

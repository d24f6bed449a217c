#if os(Linux)
  import Foundation
  import TerminalProcess
  import Testing

  #if canImport(Glibc)
    import Glibc
  #endif

  /// An inline region on a terminal that answers its position request late (over ssh), in
  /// two parts, or never: whatever ends the program, the shell never reads an answer, and
  /// where the terminal never answers, keys work at once.
  @Suite(
    "An inline region on a terminal that answers late or never",
    .enabled(if: ScrollbackTerminal.isAvailable, "python3 with pyte is not installed"))
  struct InlinePositionAnswerTests {
    static let history = (1...30).map { "history \($0)" } + ["$ Demo --inline"]

    /// What the program writes first as it puts the terminal back, whatever ends it: every
    /// mode off, bracketed paste and mouse buttons first.
    static let restoreSign = Array("\u{1B}[?2004l\u{1B}[?1000l".utf8)

    /// An answer whole, and one cut after `ESC [ row ;` (its start read by the program).
    static let splits: [Int?] = [nil, 4]

    /// The browser in a 4-row region on a terminal that holds the answers to its requests
    /// (cut after `split` bytes), and whose shell waits to read what is left once it ends.
    private func browser(split: Int?) async throws -> ScrollbackTerminal {
      let terminal = try ScrollbackTerminal(
        command: [try DemoBinary.require(), "--inline", "--height", "4", "--latency", "0.05"],
        history: Self.history, environment: ["SWIFT_BACKTRACE": "enable=no"],
        holdsOutput: true, shellWaits: true)
      try terminal.answer(.hold, split: split)
      try terminal.releaseOutput()
      try await terminal.waitUntil("the region drawn, its answer on the way") {
        $0.heldAnswers >= 1 && $0.screen.contains(" Episodes")
      }
      return terminal
    }

    /// The answer comes once the program has begun putting the terminal back: after the
    /// signal, as it comes 150 ms late over ssh.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP], splits)
    func aSignalKeepsAnAnswerOnItsWayFromTheShell(signal: Int32, split: Int?) async throws {
      let terminal = try await browser(split: split)
      defer { terminal.close() }
      try terminal.answer(.after(Self.restoreSign), split: split)
      try terminal.signal(SignalName.of(signal))
      #expect(try await terminal.waitForExit() == .signaled(signal, coreDumped: false))
      let left = try terminal.shellInput()
      #expect(
        left.isEmpty, "the shell reads \(String(decoding: left, as: UTF8.self).debugDescription)")
      let snapshot = try terminal.snapshot()
      #expect(
        Array(snapshot.lines.prefix(Self.history.count)) == Self.history, "\(snapshot)")
      // NB: where the answer came after the modes were back, the terminal echoed it there.
      #expect(
        snapshot.display[snapshot.cursor.row].isEmpty && snapshot.cursor.column == 0,
        "the next command line is not blank:\n\(snapshot)")
    }

    @Test func pickKeepsAnAnswerOnItsWayFromTheShellAfterSIGTERM() async throws {
      let lines = FileManager.default.temporaryDirectory
        .appendingPathComponent("pick-lines-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
      try "alpha\nbeta\n".write(to: lines, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(at: lines) }
      let terminal = try ScrollbackTerminal(
        command: [
          "/bin/sh", "-c", #"exec "$0" pick < "$1""#, try DemoBinary.require(), lines.path,
        ],
        history: Self.history, holdsOutput: true, shellWaits: true)
      defer { terminal.close() }
      try terminal.answer(.hold)
      try terminal.releaseOutput()
      try await terminal.waitUntil("the picker drawn, its answer on the way") {
        $0.heldAnswers >= 1 && $0.screen.contains("beta")
      }
      try terminal.answer(.after(Self.restoreSign))
      try terminal.signal("SIGTERM")
      #expect(try await terminal.waitForExit() == .signaled(SIGTERM, coreDumped: false))
      let left = try terminal.shellInput()
      #expect(
        left.isEmpty, "the shell reads \(String(decoding: left, as: UTF8.self).debugDescription)")
    }
  }
#endif

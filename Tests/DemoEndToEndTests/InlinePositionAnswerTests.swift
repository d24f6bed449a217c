#if os(Linux)
  import Foundation
  import TerminalProcess
  import Testing

  #if canImport(Glibc)
    import Glibc
  #endif

  /// An inline region on a terminal that answers its position request late (over ssh), in
  /// two parts, or never: whatever ends the program, the shell never reads an answer, and
  /// where the terminal never answers, keys work at once and the mouse is given back.
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

    /// The browser in a 4-row region; with `shellWaits`, the shell waits to read what is
    /// left once it ends.
    private func browser(
      answers: ScrollbackTerminal.AnswerPolicy = .now, holdsOutput: Bool = false,
      shellWaits: Bool = false
    ) throws -> ScrollbackTerminal {
      try ScrollbackTerminal(
        command: [try DemoBinary.require(), "--inline", "--height", "4", "--latency", "0.05"],
        history: Self.history, environment: ["SWIFT_BACKTRACE": "enable=no"],
        holdsOutput: holdsOutput, answers: answers, shellWaits: shellWaits)
    }

    /// `Demo pick` choosing among the lines of `file`.
    private func pick(
      _ file: URL, answers: ScrollbackTerminal.AnswerPolicy, shellWaits: Bool = false
    ) throws -> ScrollbackTerminal {
      try ScrollbackTerminal(
        command: [
          "/bin/sh", "-c", #"exec "$0" pick < "$1""#, try DemoBinary.require(), file.path,
        ], history: Self.history, answers: answers, shellWaits: shellWaits)
    }

    /// A file of two lines to pick from; the caller removes it.
    private func lines() throws -> URL {
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("pick-lines-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
      try "alpha\nbeta\n".write(to: file, atomically: true, encoding: .utf8)
      return file
    }

    /// Waits until `terminal` has answered the program's first request (it is a terminal
    /// that answers), then resizes it a row shorter and holds the answer to the request the
    /// repaint makes (cut after `split` bytes): as in tmux, a resize, then Ctrl-C within a few
    /// milliseconds.
    private func holdingTheAnswerAfterAResize(
      _ terminal: ScrollbackTerminal, shown text: String, split: Int?
    ) async throws {
      let answered = try await terminal.waitUntil("the region drawn, its request answered") {
        $0.requests >= 1 && $0.heldAnswers == 0 && $0.screen.contains(text)
      }
      try terminal.answer(.hold, split: split)
      try terminal.resize(columns: 80, rows: 23)
      try await terminal.waitUntil("the repaint's request, its answer on the way") {
        $0.requests > answered.requests && $0.heldAnswers >= 1
      }
    }

    /// The answer comes once the program has begun putting the terminal back: after the
    /// signal, as it comes 150 ms late over ssh.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP], splits)
    func aSignalKeepsAnAnswerOnItsWayFromTheShell(signal: Int32, split: Int?) async throws {
      let terminal = try browser(shellWaits: true)
      defer { terminal.close() }
      try await holdingTheAnswerAfterAResize(terminal, shown: " Episodes", split: split)
      try terminal.answer(.after(Self.restoreSign), split: split)
      try terminal.signal(SignalName.of(signal))
      #expect(try await terminal.waitForExit() == .signaled(signal, coreDumped: false))
      let left = try terminal.shellInput()
      #expect(
        left.isEmpty, "the shell reads \(String(decoding: left, as: UTF8.self).debugDescription)")
      let snapshot = try terminal.snapshot()
      #expect(Array(snapshot.lines.prefix(Self.history.count)) == Self.history, "\(snapshot)")
      // NB: where the answer came after the modes were back, the terminal echoed it there.
      #expect(
        snapshot.display[snapshot.cursor.row].isEmpty && snapshot.cursor.column == 0,
        "the next command line is not blank:\n\(snapshot)")
    }

    /// A stop gives the terminal to the shell as an ending does: the answer that comes as it
    /// stops (50 ms after its restore began, well within the 250 ms it waits, long after a
    /// restore that did not wait had put the echo back) is read first, not echoed on the
    /// shell's line; `fg` goes on as before.
    @Test func aStopKeepsAnAnswerOnItsWayOffTheShellsLine() async throws {
      let terminal = try browser()
      defer { terminal.close() }
      try await holdingTheAnswerAfterAResize(terminal, shown: " Episodes", split: nil)
      try terminal.answer(.after(Self.restoreSign, delay: .milliseconds(50)))
      try terminal.signal("SIGTSTP")
      let stopped = try await terminal.waitUntil("the program stopped") {
        $0.isStopped && $0.heldAnswers == 0
      }
      #expect(
        stopped.display[stopped.cursor.row].isEmpty && stopped.cursor.column == 0,
        "the shell's line is not blank:\n\(stopped)")
      try terminal.signal("SIGCONT")
      try await terminal.waitUntil("the region back") { !$0.isStopped && $0.cursorHidden }
      try terminal.type("q")
      #expect(try await terminal.waitForExit() == .exited(0))
    }

    @Test func pickKeepsAnAnswerOnItsWayFromTheShellAfterSIGTERM() async throws {
      let file = try lines()
      defer { try? FileManager.default.removeItem(at: file) }
      let terminal = try pick(file, answers: .now, shellWaits: true)
      defer { terminal.close() }
      try await holdingTheAnswerAfterAResize(terminal, shown: "beta", split: nil)
      try terminal.answer(.after(Self.restoreSign))
      try terminal.signal("SIGTERM")
      #expect(try await terminal.waitForExit() == .signaled(SIGTERM, coreDumped: false))
      let left = try terminal.shellInput()
      #expect(
        left.isEmpty, "the shell reads \(String(decoding: left, as: UTF8.self).debugDescription)")
    }

    /// One Escape cancels at once: it was held as the start of an answer cut between reads,
    /// with no deadline, and only a second one cancelled.
    @Test func anEscapeAloneCancelsPickWhereTheTerminalNeverAnswers() async throws {
      let file = try lines()
      defer { try? FileManager.default.removeItem(at: file) }
      let terminal = try pick(file, answers: .never)
      defer { terminal.close() }
      try await terminal.waitUntil("the picker drawn, its request unanswered") {
        $0.requests >= 1 && $0.screen.contains("beta")
      }
      try terminal.send(bytes: [0x1B])
      #expect(try await terminal.waitForExit() == .exited(130))
    }

    /// An Escape read while an answer is on its way is held as the start of it for as long
    /// as any Escape waits for the rest of a sequence, then it is the Escape key: on a
    /// terminal known to answer (never taken for one that does not), whose answer is late.
    @Test func anEscapeAloneCancelsPickWhileAnAnswerIsOnItsWay() async throws {
      let file = try lines()
      defer { try? FileManager.default.removeItem(at: file) }
      let terminal = try pick(file, answers: .now)
      defer { terminal.close() }
      try await holdingTheAnswerAfterAResize(terminal, shown: "beta", split: nil)
      try terminal.send(bytes: [0x1B])
      #expect(try await terminal.waitForExit() == .exited(130))
    }

    /// Once the terminal is taken to never answer, the mouse is the terminal's again (its
    /// reporting off), and no more requests are sent, also when the region moves.
    @Test func aTerminalThatNeverAnswersGetsItsMouseBackAndNoMoreRequests() async throws {
      let terminal = try browser(answers: .never, holdsOutput: true)
      defer { terminal.close() }
      // NB: shown up to the first request only, so the mouse is seen on before it is given
      // back, however late this test looks.
      try terminal.feedOutput(until: Array("\u{1B}[6n".utf8))
      let asked = try terminal.snapshot()
      #expect(asked.requests == 1 && asked.modes.contains(1000), "\(asked)")
      try terminal.releaseOutput()
      let given = try await terminal.waitUntil("the mouse given back") {
        $0.modes.isDisjoint(with: [1000, 1002, 1003, 1006]) && $0.screen.contains(" Episodes")
      }
      // NB: a resize makes the region ask where it is now, where the terminal answers.
      try terminal.resize(columns: 80, rows: 23)
      try await terminal.waitUntil("the repaint at 23 rows") { $0.received > given.received }
      try terminal.type("q")
      #expect(try await terminal.waitForExit() == .exited(0))
      let ended = try terminal.snapshot()
      #expect(ended.requests == given.requests, "\(ended)")
    }
  }
#endif

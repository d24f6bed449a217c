#if os(Linux)
  import Foundation
  import TerminalProcess
  import Testing

  /// What a test controls of the terminal, tried with small shell programs: the screen and the
  /// pty resized apart, output shown only as far as it is fed, answers to position requests
  /// held, cut in two, written on a sign from the program or never, and what a shell reads
  /// once the program has ended.
  extension ScrollbackTerminalTests {
    private func run(
      _ script: String, holdsOutput: Bool = false,
      answers: ScrollbackTerminal.AnswerPolicy = .now, shellWaits: Bool = false
    ) throws -> ScrollbackTerminal {
      try ScrollbackTerminal(
        command: ["/bin/sh", "-c", script], columns: 40, rows: 10, holdsOutput: holdsOutput,
        answers: answers, shellWaits: shellWaits)
    }

    /// A program that reads the answer to its request in raw mode and prints it (ESC as `E`).
    private static let readsItsAnswer = #"""
      stty raw -echo; printf 'asked\033[6n'; answer=$(dd bs=1 count=6 2>/dev/null)
      stty sane; printf '\r\nanswer=%s\n' "$answer" | tr '\033' E
      """#

    @Test func theScreenAndThePtyAreResizedApart() async throws {
      let terminal = try run(
        #"trap 'printf "size %s\n" "$(stty size)"' WINCH; echo ready; while :; do sleep 0.1; done"#
      )
      defer { terminal.close() }
      try await terminal.waitFor("ready")
      try terminal.resizeScreen(columns: 50, rows: 7)
      let screen = try terminal.snapshot()
      #expect(screen.columns == 50 && screen.rows == 7)
      try terminal.resizePty(columns: 30, rows: 5)
      let told = try await terminal.waitFor("size 5 30")
      #expect(told.columns == 50 && told.rows == 7)
    }

    @Test func heldOutputIsShownOnlyAsFarAsItIsFed() async throws {
      let terminal = try run(
        "printf 'one two'; read line; printf ' three'; exec sleep 600", holdsOutput: true)
      defer { terminal.close() }
      try terminal.feedOutput(until: Array("one".utf8))
      let first = try terminal.snapshot()
      #expect(first.display[0] == "one")
      #expect(first.heldOutput == 4)
      try terminal.feedOutput(before: Array("o".utf8))
      #expect(try terminal.snapshot().display[0] == "one tw")
      try terminal.releaseOutput()
      // NB: from now on as it comes: the echoed line feed, then the rest.
      try terminal.type("\r")
      let released = try await terminal.waitFor("three")
      #expect(released.display.prefix(2) == ["one two", " three"])
    }

    @Test func heldAnswersAreWrittenWhenReleased() async throws {
      let terminal = try run(Self.readsItsAnswer, answers: .hold)
      defer { terminal.close() }
      let asked = try await terminal.waitUntil("the request") { $0.heldAnswers == 1 }
      #expect(asked.requests == 1 && !asked.screen.contains("answer"))
      try terminal.answer(.release)
      #expect(try await terminal.waitForExit() == .exited(0))
      #expect(try terminal.snapshot().display[1] == "answer=E[1;6R")
    }

    @Test func anAnswerCutInTwoComesAsTheProgramSaysWhenItWritesTheSign() async throws {
      let script = #"""
        stty raw -echo; printf 'asked\033[6n'; first=$(dd bs=1 count=3 2>/dev/null)
        printf ' sign'; rest=$(dd bs=1 count=3 2>/dev/null)
        stty sane; printf '\r\n%s|%s\n' "$first" "$rest" | tr '\033' E
        """#
      // NB: shown once the policy is set, so the request meets it.
      let terminal = try run(script, holdsOutput: true)
      defer { terminal.close() }
      try terminal.answer(.after(Array("sign".utf8)), split: 3)
      try terminal.releaseOutput()
      #expect(try await terminal.waitForExit() == .exited(0))
      #expect(try terminal.snapshot().display[1] == "E[1|;6R")
    }

    @Test func theShellReadsAnAnswerTheProgramLeftAndNothingWhereTheTerminalNeverAnswers()
      async throws
    {
      let left = try run(#"printf 'asked\033[6n'"#, answers: .hold, shellWaits: true)
      defer { left.close() }
      #expect(try await left.waitForExit() == .exited(0))
      try left.answer(.release)
      #expect(try left.shellInput() == Array("\u{1B}[1;6R".utf8))

      let never = try run(#"printf 'asked\033[6n'"#, answers: .never, shellWaits: true)
      defer { never.close() }
      #expect(try await never.waitForExit() == .exited(0))
      #expect(try never.snapshot().requests == 1)
      #expect(try never.shellInput() == [])
    }
  }
#endif

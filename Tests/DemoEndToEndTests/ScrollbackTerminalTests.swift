#if os(Linux)
  import Foundation
  import TerminalProcess
  import Testing

  #if canImport(Glibc)
    import Glibc
  #endif

  /// The terminal the inline host's tests stand on, tried with small shell programs: the
  /// shell's history comes first and scrolls into the scrollback in order, wide characters stay
  /// whole, queries are answered, resizes go xterm's way and reach the program, signals,
  /// job control and hangups behave as in a terminal, and the alternate screen stays apart.
  @Suite(
    "A terminal that keeps the scrollback",
    .enabled(if: ScrollbackTerminal.isAvailable, "python3 with pyte is not installed"))
  struct ScrollbackTerminalTests {
    private func start(
      _ script: String, columns: Int = 40, rows: Int = 10, history: [String] = [],
      environment: [String: String] = [:]
    ) throws -> ScrollbackTerminal {
      try ScrollbackTerminal(
        command: ["/bin/sh", "-c", script], columns: columns, rows: rows, history: history,
        environment: environment)
    }

    @Test func theShellHistoryComesBeforeTheProgramsOutput() async throws {
      let terminal = try start(
        "printf 'out\\n'; exit 3", rows: 6, history: ["one", "two", "three"])
      defer { terminal.close() }
      #expect(try await terminal.waitForExit() == .exited(3))
      let snapshot = try terminal.snapshot()
      #expect(snapshot.history == [])
      #expect(snapshot.display == ["one", "two", "three", "out", "", ""])
      #expect(snapshot.cursor == .init(row: 4, column: 0))
    }

    @Test func historyTallerThanTheScreenStartsInTheScrollback() async throws {
      let history = (1...10).map { "h\($0)" }
      let terminal = try start("printf out", rows: 4, history: history)
      defer { terminal.close() }
      try await terminal.waitForExit()
      let snapshot = try terminal.snapshot()
      #expect(snapshot.history == Array(history.prefix(7)))
      #expect(snapshot.display == ["h8", "h9", "h10", "out"])
      #expect(snapshot.cursor == .init(row: 3, column: 3))
    }

    @Test func aHundredLinesScrollIntoTheHistoryInOrder() async throws {
      let terminal = try start(
        #"i=1; while [ $i -le 100 ]; do echo "line $i"; i=$((i + 1)); done"#, rows: 10,
        history: ["$ count"])
      defer { terminal.close() }
      #expect(try await terminal.waitForExit() == .exited(0))
      let snapshot = try terminal.snapshot()
      #expect(snapshot.history == ["$ count"] + (1...91).map { "line \($0)" })
      #expect(snapshot.display == (92...100).map { "line \($0)" } + [""])
      #expect(snapshot.lines == ["$ count"] + (1...100).map { "line \($0)" } + [""])
    }

    /// A wide character is one character of its line's text, and one that does not fit at the
    /// end of a line goes whole to the next, as in xterm.
    @Test func wideCharactersAreKeptWhole() async throws {
      let terminal = try start(#"printf '漢字😀 ok\nabcdefghi漢\n'"#, columns: 10, rows: 4)
      defer { terminal.close() }
      try await terminal.waitForExit()
      #expect(try terminal.snapshot().display == ["漢字😀 ok", "abcdefghi", "漢", ""])
    }

    /// In raw mode without echo, the program reads the answers to its queries and prints them
    /// (ESC as `E`): the cursor position, 1-based, and the device attributes.
    @Test func theCursorPositionReportAndDeviceAttributesAreAnswered() async throws {
      let script = #"""
        stty raw -echo; printf '\033[3;5H\033[6n\033[c'
        answer=$(dd bs=1 count=11 2>/dev/null)
        stty sane; printf '\r\nanswer=%s\n' "$answer" | tr '\033' E
        """#
      let terminal = try start(script)
      defer { terminal.close() }
      #expect(try await terminal.waitForExit() == .exited(0))
      #expect(try terminal.snapshot().display[3] == "answer=E[3;5RE[?6c")
    }

    /// Resizing keeps the cursor on its line and column.
    ///
    /// Fewer rows: the rows below the cursor go first (blank here), then the top rows into the
    /// history; more rows bring them back.
    @Test func shrinkingKeepsTheCursorOnItsLineAndMovesTopLinesIntoTheHistory() async throws {
      let history = (1...5).map { "h\($0)" }
      let terminal = try start(#"printf 'a\nb\nc'; exec sleep 600"#, rows: 10, history: history)
      defer { terminal.close() }
      try await terminal.waitUntil("a, b and c") { $0.cursor == .init(row: 7, column: 1) }

      try terminal.resize(columns: 40, rows: 4)
      let shrunk = try terminal.snapshot()
      #expect(shrunk.history == ["h1", "h2", "h3", "h4"])
      #expect(shrunk.display == ["h5", "a", "b", "c"])
      #expect(shrunk.cursor == .init(row: 3, column: 1))

      try terminal.resize(columns: 40, rows: 10)
      let grown = try terminal.snapshot()
      #expect(grown.history == [])
      #expect(grown.display == history + ["a", "b", "c", "", ""])
      #expect(grown.cursor == .init(row: 7, column: 1))
    }

    @Test func narrowingCutsTheCellsBeyondTheNewWidth() async throws {
      let terminal = try start(
        #"printf 'abcdef'; exec sleep 600"#, columns: 10, rows: 3, history: ["0123456789"])
      defer { terminal.close() }
      try await terminal.waitFor("abcdef")
      try terminal.resize(columns: 3, rows: 3)
      let narrow = try terminal.snapshot()
      #expect(narrow.display == ["012", "abc", ""])
      #expect(narrow.cursor == .init(row: 1, column: 2))
      // xterm does not keep what it cut: widening shows blank cells.
      try terminal.resize(columns: 10, rows: 3)
      #expect(try terminal.snapshot().display == ["012", "abc", ""])
    }

    @Test func theProgramSeesTheNewSizeOnSIGWINCH() async throws {
      let terminal = try start(
        #"trap 'printf "size %s\n" "$(stty size)"' WINCH; echo ready; while :; do sleep 0.1; done"#
      )
      defer { terminal.close() }
      try await terminal.waitFor("ready")
      try terminal.resize(columns: 50, rows: 7)
      let resized = try await terminal.waitFor("size 7 50")
      #expect(resized.columns == 50 && resized.rows == 7)
    }

    @Test func aSignalEndsTheProgramAndItsExitStatusNamesIt() async throws {
      let terminal = try start("echo ready; exec sleep 600")
      defer { terminal.close() }
      try await terminal.waitFor("ready")
      try terminal.signal("SIGTERM")
      let status = try await terminal.waitForExit()
      #expect(status == .signaled(SIGTERM, coreDumped: false))
      #expect(status.description == "killed by SIGTERM")
    }

    /// The program is the terminal's foreground job, in a process group that is not orphaned:
    /// ^Z stops it (an orphaned group's stop would be discarded), SIGCONT resumes it, ^C
    /// interrupts it.
    @Test func typedControlKeysReachTheProgramAsAForegroundJob() async throws {
      let terminal = try start("echo ready; exec sleep 600")
      defer { terminal.close() }
      try await terminal.waitFor("ready")
      try terminal.send(bytes: [0x1A])
      try await terminal.waitUntil("the program to stop") { $0.isStopped }
      try terminal.signal("CONT")
      try await terminal.waitUntil("the program to continue") { !$0.isStopped }
      try terminal.send(bytes: [0x03])
      #expect(try await terminal.waitForExit() == .signaled(SIGINT, coreDumped: false))
    }

    /// Whichever comes first, the end of file or the SIGHUP passed on, ends it.
    @Test func aHangupEndsAProgramBlockedReading() async throws {
      let terminal = try start("echo ready; read line")
      defer { terminal.close() }
      try await terminal.waitFor("ready")
      try terminal.hangup()
      let status = try await terminal.waitForExit()
      #expect(status == .exited(1) || status == .signaled(SIGHUP, coreDumped: false))
      #expect(try terminal.snapshot().display[0] == "ready")
    }

    @Test func aProgramIgnoringSIGHUPReadsTheEndOfFileOnAHangup() async throws {
      let result = FileManager.default.temporaryDirectory
        .appendingPathComponent("screenkit-scrollback-read-\(UUID().uuidString.prefix(8))")
      defer { try? FileManager.default.removeItem(at: result) }
      let script = #"""
        trap '' HUP; echo ready
        if read line; then echo "read $line"; else echo "end of file"; fi > "$RESULT"
        """#
      let terminal = try start(script, environment: ["RESULT": result.path])
      defer { terminal.close() }
      try await terminal.waitFor("ready")
      try terminal.hangup()
      #expect(try await terminal.waitForExit() == .exited(0))
      #expect(try String(contentsOf: result, encoding: .utf8) == "end of file\n")
    }

    /// What a full-screen program draws in the alternate screen stays there: the normal
    /// screen and the history are as they were when it leaves.
    @Test func theAlternateScreenIsAModeAndKeepsItsLinesOutOfTheHistory() async throws {
      let history = ["h1", "h2", "h3"]
      let script = #"""
        printf '\033[?1049h\033[?25l'
        i=1; while [ $i -le 20 ]; do echo "alt $i"; i=$((i + 1)); done
        printf inside; read line; printf '\033[?25h\033[?1049l'; echo after
        """#
      let terminal = try start(script, rows: 5, history: history)
      defer { terminal.close() }
      let inside = try await terminal.waitFor("inside")
      #expect(inside.modes.contains(1049) && inside.alternateScreen)
      #expect(inside.cursorHidden)
      #expect(inside.history == [])
      #expect(inside.display == ["alt 17", "alt 18", "alt 19", "alt 20", "inside"])
      #expect(inside.normalDisplay == history + ["", ""])

      try terminal.type("\r")
      #expect(try await terminal.waitForExit() == .exited(0))
      let after = try terminal.snapshot()
      #expect(!after.modes.contains(1049) && !after.alternateScreen)
      #expect(!after.cursorHidden)
      #expect(after.history == [])
      #expect(after.display == history + ["after", ""])
    }
  }
#endif

#if os(Linux)
  import Foundation
  import TerminalProcess
  import Testing

  #if canImport(Glibc)
    import Glibc
  #endif

  /// The inline viewport on a terminal that keeps the scrollback and resizes as xterm does
  /// (no rewrapping): the shell's history above the region survives byte for byte whatever
  /// ends the program, no frame is ever left in the scrollback, committed lines stay above the
  /// region, and every exit leaves the modes off and the cursor on the line below.
  @Suite(
    "The inline viewport on a terminal with a scrollback",
    .enabled(if: ScrollbackTerminal.isAvailable, "python3 with pyte is not installed"))
  struct InlineScrollbackTests {
    /// Thirty lines of shell history, one with wide characters and one wider than the screen.
    static let history =
      (1...28).map { "history \($0)" } + [
        "终端与文本 wide characters",
        String(repeating: "long line ", count: 12),
      ]

    /// The history as an 80-column terminal shows it: the long line on two rows.
    static let historyRows =
      Array(history.dropLast()) + [
        String(repeating: "long line ", count: 8).trimmingTrailingSpaces,
        String(repeating: "long line ", count: 4).trimmingTrailingSpaces,
      ]

    /// Every catchable signal whose default action ends the process: the restore runs,
    /// then the process dies of it.
    static let terminating: [Int32] = [
      SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV,
      SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS,
      SIGSTKFLT, SIGIO, SIGPWR,
    ]

    /// Examples/Inline, built beside the demo.
    static var example: String {
      URL(fileURLWithPath: DemoBinary.path).deletingLastPathComponent()
        .appendingPathComponent("InlineExample").path
    }

    private func demo(
      _ arguments: [String], columns: Int = 80, rows: Int = 24
    ) throws -> ScrollbackTerminal {
      try ScrollbackTerminal(
        command: [try DemoBinary.require()] + arguments, columns: columns, rows: rows,
        history: Self.history,
        // NB: a crash signal's report would follow the restore; it is not what is tested.
        environment: ["SWIFT_BACKTRACE": "enable=no"])
    }

    private func browser(height: Int = 8, columns: Int = 80, rows: Int = 24) throws
      -> ScrollbackTerminal
    {
      try demo(
        ["--inline", "--height", "\(height)", "--latency", "0.05"], columns: columns, rows: rows)
    }

    /// The history, then the last frame once (its first row `title`), then the cursor at the
    /// start of the line below it, shown, with every mode the session turned on off again.
    private func expectLeftAsItWas(
      _ snapshot: ScrollbackTerminal.Snapshot, frameRows: Int, title: String = " Episodes",
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      let lines = snapshot.lines
      let historyEnd = Self.historyRows.count
      #expect(
        Array(lines.prefix(historyEnd)) == Self.historyRows, "the history changed:\n\(snapshot)",
        sourceLocation: sourceLocation)
      #expect(
        lines.filter { $0.hasPrefix(title) }.count == 1,
        "the frame is not there once:\n\(snapshot)",
        sourceLocation: sourceLocation)
      #expect(
        lines.dropFirst(historyEnd).first?.hasPrefix(title) == true,
        "the frame is not right below the history:\n\(snapshot)", sourceLocation: sourceLocation)
      let cursorLine = snapshot.history.count + snapshot.cursor.row
      #expect(
        cursorLine == historyEnd + frameRows && snapshot.cursor.column == 0,
        "the cursor is not on the line below the frame:\n\(snapshot)",
        sourceLocation: sourceLocation)
      #expect(!snapshot.cursorHidden, sourceLocation: sourceLocation)
      #expect(
        snapshot.modes.isDisjoint(with: [1, 1000, 1002, 1003, 1004, 1006, 1049, 2004]),
        "modes left on: \(snapshot.modes.sorted())", sourceLocation: sourceLocation)
      #expect(!snapshot.alternateScreen, sourceLocation: sourceLocation)
    }

    @Test func quittingLeavesTheHistoryTheLastFrameAndTheCursorBelow() async throws {
      let terminal = try browser()
      defer { terminal.close() }
      try await terminal.waitFor("8 episodes")
      try terminal.type("q")
      #expect(try await terminal.waitForExit() == .exited(0))
      expectLeftAsItWas(try terminal.snapshot(), frameRows: 8)
    }

    @Test(arguments: terminating)
    func aSignalLeavesTheHistoryTheLastFrameAndTheCursorBelow(signal: Int32) async throws {
      let terminal = try browser()
      defer { terminal.close() }
      try await terminal.waitFor("8 episodes")
      try terminal.signal(SignalName.of(signal))
      let status = try await terminal.waitForExit()
      #expect(
        status == .signaled(signal, coreDumped: false)
          || status == .signaled(signal, coreDumped: true))
      expectLeftAsItWas(try terminal.snapshot(), frameRows: 8)
    }

    @Test func aHangupEndsTheProgramAndLeavesTheHistory() async throws {
      let terminal = try browser()
      defer { terminal.close() }
      try await terminal.waitFor("8 episodes")
      try terminal.hangup()
      _ = try await terminal.waitForExit()
      let lines = try terminal.snapshot().lines
      #expect(Array(lines.prefix(Self.historyRows.count)) == Self.historyRows)
    }

    @Test func resizesNeverLeaveAFrameInTheScrollback() async throws {
      let terminal = try browser()
      defer { terminal.close() }
      try await terminal.waitFor("8 episodes")
      // Grow, shrink, narrower than a row of the frame, one row, taller than the region.
      for (columns, rows) in [(100, 30), (100, 12), (40, 12), (40, 1), (60, 5), (80, 24)] {
        let mark = try terminal.snapshot().received
        try terminal.resize(columns: columns, rows: rows)
        // NB: the repaint at this size, not the screen before it, which looks the same where
        // the rows were only cut; the next resize would otherwise meet it on its way.
        try await terminal.waitUntil("the repaint at \(columns)x\(rows)") { $0.received > mark }
      }
      try await terminal.waitFor("8 episodes")
      try terminal.type("q")
      #expect(try await terminal.waitForExit() == .exited(0))
      let snapshot = try terminal.snapshot()
      // NB: xterm cuts what a narrower screen cannot show, history included, and shows it
      // no more: the history is checked up to 40 columns.
      let cut = Self.historyRows.map { String($0.prefix(40)).trimmingTrailingSpaces }
      #expect(
        Array(snapshot.lines.prefix(cut.count)).map { String($0.prefix(40)) } == cut.map { $0 },
        "\(snapshot)")
      #expect(
        snapshot.lines.filter { $0.hasPrefix(" Episodes") }.count == 1,
        "a frame was left in the scrollback:\n\(snapshot)")
    }

    @Test func theRegionShrinksAndGrowsWhileRunningWithItsTopWhereItWas() async throws {
      let terminal = try browser()
      defer { terminal.close() }
      try await terminal.waitFor("8 episodes")
      // NB: the cursor rests on the focused row; the region's top is its title's row.
      let top = try #require(
        try terminal.snapshot().display.firstIndex { $0.hasPrefix(" Episodes") })
      for key in ["-", "-", "-", "+"] {
        let mark = try terminal.snapshot().received
        try terminal.type(key)
        try await terminal.waitUntil("the repaint after \(key)") { $0.received > mark }
      }
      let shown = try await terminal.waitUntil("six rows") { snapshot in
        snapshot.display.indices.contains(top + 5)
          && snapshot.display[top + 5].hasPrefix(" ↑↓ move")
      }
      #expect(
        shown.display.firstIndex { $0.hasPrefix(" Episodes") } == top,
        "the region's top moved:\n\(shown)")
      let below = shown.display[(top + 6)...].filter { !$0.isEmpty }
      #expect(below.isEmpty, "rows left below:\n\(shown)")
      try terminal.type("q")
      #expect(try await terminal.waitForExit() == .exited(0))
      expectLeftAsItWas(try terminal.snapshot(), frameRows: 6)
    }

    @Test func aRegionTallerThanTheTerminalIsCappedAndPushesTheHistoryIntoTheScrollback()
      async throws
    {
      let terminal = try browser(height: 40, rows: 12)
      defer { terminal.close() }
      let shown = try await terminal.waitFor("Swift Sessions")
      #expect(shown.display.first?.hasPrefix(" Episodes") == true, "\(shown)")
      try terminal.type("q")
      #expect(try await terminal.waitForExit() == .exited(0))
      expectLeftAsItWas(try terminal.snapshot(), frameRows: 12)
    }

    @Test func committedLinesWiderThanTheTerminalStayAboveAndTheRegionIsCleared() async throws {
      let terminal = try ScrollbackTerminal(
        command: [Self.example], columns: 20, rows: 8, history: ["$ fetch"])
      defer { terminal.close() }
      #expect(try await terminal.waitForExit() == .exited(0))
      let snapshot = try terminal.snapshot()
      #expect(
        snapshot.lines.prefix(10) == [
          "$ fetch", "✓ swift-argument-par", "ser (300 ms)", "✓ swift-collections", "(300 ms)",
          "✓ swift-system (300", "ms)", "✓ swift-log (300 ms)", "Fetched 4 packages.", "",
        ], "\(snapshot)")
      #expect(snapshot.history.count + snapshot.cursor.row == 9, "\(snapshot)")
      #expect(!snapshot.cursorHidden)
    }
  }

  extension InlineScrollbackTests {
    @Test func fullScreenThePrintedLinesAppearOnTheMainScreenWhenTheProgramEnds() async throws {
      let terminal = try ScrollbackTerminal(
        command: [Self.example, "--fullscreen"], columns: 40, rows: 10, history: ["$ fetch"])
      defer { terminal.close() }
      #expect(try await terminal.waitForExit() == .exited(0))
      let snapshot = try terminal.snapshot()
      #expect(!snapshot.alternateScreen)
      // NB: the spinner and the progress were on the alternate screen, which keeps nothing.
      #expect(!snapshot.lines.contains { $0.contains("Fetching") }, "\(snapshot)")
      #expect(
        snapshot.lines.prefix(7) == [
          "$ fetch", "✓ swift-argument-parser (300 ms)", "✓ swift-collections (300 ms)",
          "✓ swift-system (300 ms)", "✓ swift-log (300 ms)", "Fetched 4 packages.", "",
        ], "\(snapshot)")
      #expect(snapshot.cursor.row == 6 && snapshot.cursor.column == 0, "\(snapshot)")
    }

    @Test func aTerminalTypeThatCannotGoUpGetsPlainTextAndLinesOfKeys() async throws {
      let trace = FileManager.default.temporaryDirectory
        .appendingPathComponent("inline-dumb-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
      defer { try? FileManager.default.removeItem(atPath: trace) }
      let terminal = try ScrollbackTerminal(
        command: [
          try DemoBinary.require(), "load-probe", "--inline", "--seconds", "0.1", "--text",
          "probe-done", "--trace", trace,
        ], columns: 40, rows: 10, history: ["$ probe"], term: "dumb")
      defer { terminal.close() }
      let mounted = try await Poll.until(timeout: .seconds(10)) { () -> Bool? in
        (try? String(contentsOfFile: trace, encoding: .utf8))?.contains("mount") == true
          ? true : nil
      }
      #expect(mounted == true, "the loaded screen never mounted")
      try terminal.type("q\r")
      #expect(try await terminal.waitForExit() == .exited(0))
      let snapshot = try terminal.snapshot()
      // NB: the terminal echoes what was typed (its modes are left alone), then the frame.
      #expect(snapshot.lines.prefix(4) == ["$ probe", "q", "probe-done", ""], "\(snapshot)")
      #expect(snapshot.modes.isDisjoint(with: [1, 1000, 1006, 1049, 2004]))
    }
  }

  extension String {
    fileprivate var trimmingTrailingSpaces: String {
      var text = self
      while text.last == " " { text.removeLast() }
      return text
    }
  }
#endif

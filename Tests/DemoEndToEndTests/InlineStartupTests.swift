#if os(Linux)
  import Foundation
  import TerminalProcess
  import Testing

  /// An inline region whose terminal changes size as the program starts (a tiling window
  /// manager, a popup that sizes itself): the shell's history above it survives byte for
  /// byte whatever the order of the start-up, the answer to the position request and the
  /// resizes, for the example (a spinner, lines printed above, the region cleared at the end)
  /// and the demo's browser (a 3-row region kept at the end).
  ///
  /// The terminal shows the program's output only as far as the test feeds it, so each
  /// resize lands at a chosen point of it (before the set-up, before the first frame makes
  /// room, after its request, in the middle of the first frame with text); the program hears
  /// of each size at once, only of the first, or of neither until the end (a terminal tells
  /// the pty after its screen changed: tmux holds a pane's size back for up to 250 ms); the
  /// answers come as the requests are shown or only once the resizes are over.
  @Suite(
    "An inline region started as its terminal resizes",
    .enabled(if: ScrollbackTerminal.isAvailable, "python3 with pyte is not installed"))
  struct InlineStartupTests {
    /// How many terminals run at once.
    ///
    /// Each case waits on its terminal synchronously, on a
    /// thread of its own: on the tests' pool, 220 cases held both of its threads for minutes
    /// (the suspected cause of a tmux test finding its server gone); one at a time, they took
    /// six and a half minutes, the program's own second and a half each.
    static let slots = Slots(4)

    /// A screen full of history, the command line last.
    static let history = (1...40).map { "history \($0)" } + ["$ InlineExample"]

    /// What the example prints above its region, in order.
    static let printed = [
      "✓ swift-argument-parser (300 ms)", "✓ swift-collections (300 ms)",
      "✓ swift-system (300 ms)", "✓ swift-log (300 ms)", "Fetched 4 packages.",
    ]

    /// The program started.
    enum Program: CustomStringConvertible, Sendable {
      /// `InlineExample`: it ends by itself, its region cleared, its lines printed above.
      case example
      /// `Demo --inline --height 3`: `q` ends it, its last frame kept.
      case browser

      var description: String {
        switch self {
        case .example: "the example"
        case .browser: "the browser"
        }
      }

      /// Words of the first frame that shows what the program loaded.
      var firstText: String {
        switch self {
        case .example: "Fetching"
        case .browser: "move"
        }
      }
    }

    /// A point of the program's output at which the terminal changes size.
    enum Moment: Int, CaseIterable, Comparable, CustomStringConvertible {
      /// Before the program starts: it reads the new size.
      case beforeStart
      /// Before the terminal is shown anything.
      case beforeSetUp
      /// After the set-up, before the first frame makes room.
      case beforeRoom
      /// After the first frame made room and asked where it is.
      case afterRequest
      /// In the middle of the first frame that shows what the program loaded: after the
      /// words it starts with (``Program/firstText``), before the rest of it.
      case inFirstText
      /// After all the program wrote so far.
      case afterAll

      static func < (left: Moment, right: Moment) -> Bool { left.rawValue < right.rawValue }

      var description: String {
        switch self {
        case .beforeStart: "before the start"
        case .beforeSetUp: "before the set-up"
        case .beforeRoom: "before the room"
        case .afterRequest: "after the request"
        case .inFirstText: "in the first text"
        case .afterAll: "after all"
        }
      }
    }

    /// When the pty (the size the program reads, and SIGWINCH) follows the screen.
    enum Telling: CaseIterable, CustomStringConvertible {
      /// Right after each change of the screen.
      case atOnce
      /// The first change at once, the second only once the output was all shown.
      case secondLate
      /// Both only once the output was all shown.
      case bothLate

      var description: String {
        switch self {
        case .atOnce: "told at once"
        case .secondLate: "told of the second late"
        case .bothLate: "told late"
        }
      }
    }

    /// Two sizes in a row, each at a moment, told to the program as `telling` says, with the
    /// answers to its position requests as they are asked or after the resizes.
    struct Interleaving: CustomTestStringConvertible, Sendable {
      var program: Program
      var sizes: [Int]
      var first: Moment
      var second: Moment
      var telling: Telling
      var answersLate: Bool

      var testDescription: String {
        "\(program): \(sizes[0]) rows \(first), then \(sizes[1]) \(second), \(telling), answers "
          + (answersLate ? "late" : "at once")
      }
    }

    /// Every order of the two resizes among the moments, the second never before the first.
    ///
    /// For the example, each way of telling the program and of answering it, for a terminal
    /// that grows then comes back; and for one that shrinks then grows (a resize storm's
    /// first steps), the same with the answers at once. For the browser, both, told as tmux
    /// tells (the first at once, the second late), the answers at once.
    static let interleavings: [Interleaving] = {
      var all: [Interleaving] = []
      for program in [Program.example, .browser] {
        for sizes in [[37, 24], [10, 37]] {
          for first in Moment.allCases {
            for second in Moment.allCases where second >= first && second != .beforeStart {
              for telling in program == .example ? Telling.allCases : [.secondLate] {
                let answers = program == .example && sizes == [37, 24] ? [false, true] : [false]
                for answersLate in answers {
                  all.append(
                    Interleaving(
                      program: program, sizes: sizes, first: first, second: second,
                      telling: telling, answersLate: answersLate))
                }
              }
            }
          }
        }
      }
      return all
    }()

    /// The browser's command line, last in its history.
    static let browserHistory = Array(history.dropLast()) + ["$ Demo --inline --height 3"]

    /// Examples/Inline, built beside the demo.
    static var example: String {
      URL(fileURLWithPath: DemoBinary.path).deletingLastPathComponent()
        .appendingPathComponent("InlineExample").path
    }

    /// How a run ended: the program's status and the terminal's last snapshot.
    struct Outcome: Sendable {
      var status: WaitStatus
      var snapshot: ScrollbackTerminal.Snapshot
    }

    @Test(arguments: interleavings)
    func theHistoryStaysByteForByte(_ interleaving: Interleaving) async throws {
      // NB: the terminal shows the example's requests only as the test feeds its output; on a
      // busy machine the example (1.5 s) can end, its wait for answers over, before the test
      // has fed it all: then the answers come after its end, to the shell, as on any terminal
      // that late, and the order was not the one meant. It runs again, up to six times in all;
      // on a machine so loaded that every run is late (two runs of the suite, CI and builds
      // beside it: one case in 220, once in five runs), the order meant never happened and
      // there is nothing to judge: a warning says so, and the case does not fail.
      var outcome = try await runHoldingASlot(interleaving)
      for _ in 1..<6 where outcome.snapshot.answersAfterEnd > 0 {
        outcome = try await runHoldingASlot(interleaving)
      }
      guard outcome.snapshot.answersAfterEnd == 0 else {
        let note: Comment = """
          inconclusive: in six runs in a row the answers came after the program ended, as the \
          machine held the test back longer than the program waits; the order was not run
          """
        // NB: issue severities came with Swift Testing 6.3; the toolchain floor is 6.2.
        #if compiler(>=6.3)
          Issue.record(note, severity: .warning)
        #else
          print(note)
        #endif
        return
      }
      let program = interleaving.program
      let history = program == .example ? Self.history : Self.browserHistory
      #expect(outcome.status == .exited(0))
      let snapshot = outcome.snapshot
      let lines = snapshot.lines
      #expect(
        Array(lines.prefix(history.count)) == history, "the history changed:\n\(snapshot)")
      // What the program leaves below it: the example's printed lines, the browser's frame.
      let below = program == .example ? Self.printed.count : 3
      if program == .example {
        #expect(
          Array(lines.dropFirst(history.count).prefix(below)) == Self.printed,
          "the printed lines are not right below the history:\n\(snapshot)")
      } else {
        #expect(
          lines.dropFirst(history.count).first?.hasPrefix(" Episodes") == true
            && lines.filter { $0.hasPrefix(" Episodes") }.count == 1,
          "the last frame is not right below the history, once:\n\(snapshot)")
      }
      #expect(
        snapshot.history.count + snapshot.cursor.row == history.count + below
          && snapshot.cursor.column == 0,
        "the cursor is not on the line below:\n\(snapshot)")
    }

    private func runHoldingASlot(_ interleaving: Interleaving) async throws -> Outcome {
      try await Self.slots.holding {
        try await ThreadOfItsOwn.run { try Self.run(interleaving) }
      }
    }

    /// Runs the program through `interleaving` and waits for its end, blocking the thread.
    private static func run(_ interleaving: Interleaving) throws -> Outcome {
      let (first, second) = (interleaving.sizes[0], interleaving.sizes[1])
      let program = interleaving.program
      let command =
        program == .example
        ? [Self.example]
        : [try DemoBinary.require(), "--inline", "--height", "3", "--latency", "0.05"]
      let terminal = try ScrollbackTerminal(
        command: command, columns: 80, rows: 24,
        history: program == .example ? Self.history : Self.browserHistory,
        resizedBeforeStart: interleaving.first == .beforeStart ? (80, first) : nil,
        holdsOutput: true, answers: interleaving.answersLate ? .hold : .now)
      defer { terminal.close() }
      var ptyRows = interleaving.first == .beforeStart ? first : 24
      for moment in Moment.allCases {
        try show(moment, of: terminal, program: program)
        if moment == interleaving.first && moment != .beforeStart {
          try terminal.resizeScreen(columns: 80, rows: first)
          if interleaving.telling != .bothLate {
            try terminal.resizePty(columns: 80, rows: first)
            ptyRows = first
          }
        }
        if moment == interleaving.second {
          try terminal.resizeScreen(columns: 80, rows: second)
          if interleaving.telling == .atOnce {
            try terminal.resizePty(columns: 80, rows: second)
            ptyRows = second
          }
        }
      }
      try terminal.releaseOutput()
      // NB: a pty that kept its size sends no signal: the program never hears of the resizes.
      if ptyRows != second { try terminal.resizePty(columns: 80, rows: second) }
      try terminal.answer(.release)
      if program == .browser {
        try waitFor(terminal, "the first frame") { $0.screen.contains(program.firstText) }
        try terminal.type("q")
      }
      let ended = try waitFor(terminal, "the program to end") { $0.exitStatus != nil }
      return Outcome(status: ended.exitStatus ?? .exited(-1), snapshot: ended)
    }

    /// Polls `terminal`'s snapshots until `condition` holds, for at most 10 seconds.
    @discardableResult
    private static func waitFor(
      _ terminal: ScrollbackTerminal, _ what: String,
      _ condition: (ScrollbackTerminal.Snapshot) -> Bool
    ) throws -> ScrollbackTerminal.Snapshot {
      var last: ScrollbackTerminal.Snapshot?
      _ = waitUntil(timeout: .seconds(10), pause: .milliseconds(20)) {
        last = try? terminal.snapshot()
        return last.map(condition) ?? false
      }
      guard let last, condition(last) else {
        throw E2EError(
          "timed out waiting for \(what); the terminal was:\n\(last.map(\.description) ?? "")")
      }
      return last
    }

    /// Shows the program's output up to `moment`.
    private static func show(
      _ moment: Moment, of terminal: ScrollbackTerminal, program: Program
    ) throws {
      switch moment {
      case .beforeStart, .beforeSetUp:
        break
      case .beforeRoom:
        // NB: the first frame starts by clearing from the region's top-left.
        try terminal.feedOutput(before: Array("\r\u{1B}[K".utf8))
      case .afterRequest:
        try terminal.feedOutput(until: Array("\u{1B}[6n".utf8))
      case .inFirstText:
        try terminal.feedOutput(until: Array(program.firstText.utf8))
      case .afterAll:
        try terminal.releaseOutput()
        try terminal.holdOutput()
      }
    }
  }
#endif

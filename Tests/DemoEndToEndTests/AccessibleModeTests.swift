#if os(Linux)
  import Foundation
  import Testing
  import TerminalProcess

  /// The demo's accessible mode (`--accessible`) end to end on a pseudo-terminal.
  ///
  /// The browser through moves, an episode opened and left, a collection, Tab, a load that
  /// fails and its retry, the load inspector; and the picker. What a screen reader reads is
  /// the output itself: lines only, no grid, no drawing glyph, a move its new item alone.
  @Suite("The accessible mode", .serialized)
  struct AccessibleModeTests {
    @Test func theBrowserWritesLinesAMoveOnlyItsNewItem() throws {
      let transcript = try AccessibleDemoSession.browser(demo: try DemoBinary.require())
      try Self.expectLinearOutput(transcript.output)
      let start = Self.lines(transcript.start)
      #expect(start.first == "Episodes: Loading…", "\(start)")
      #expect(
        start.contains { $0.hasPrefix("Could not load, alert, ") && $0.hasSuffix("keys: r retry") })
      for record in transcript.records {
        let lines = Self.lines(record.text)
        switch record.step.kind {
        case "move":
          #expect(lines.count <= 1, "\(record.step): \(lines)")
          for line in lines {
            #expect(Self.isMove(line), "\(record.step) says only the new item: \(line)")
          }
        case "retry", "open", "back", "inspector", "where":
          #expect(!lines.isEmpty, "\(record.step) says where the user is")
        default:
          break
        }
      }
      // An episode opened says its number and title, its date and length and its synopsis.
      let episode = transcript.records.first { $0.step.name == "Enter: an episode" }
      let read = Self.lines(episode?.text ?? "").last ?? ""
      let episodeRead = #"^(Loaded, )?#[0-9]+ .+, text, [0-9-]+, [0-9]+ min, .+\."#
      #expect(read.range(of: episodeRead, options: .regularExpression) != nil, "\(read)")
      let retried = Self.lines(transcript.records[1].text)
      #expect(retried.last?.hasPrefix("Loaded, Episodes, list, ") == true, "\(retried)")
      #expect(retried.last?.contains("1 of ") == true, "\(retried)")
      // Ctrl-L, last, says the focused element whole: the row ↑ moved to, its position and
      // its date and length, which the move left out.
      let moved = Self.lines(transcript.records.dropLast().last?.text ?? "").last ?? ""
      let whole = Self.lines(transcript.records.last?.text ?? "").last ?? ""
      #expect(whole.hasPrefix("Episodes, list, "), "\(whole)")
      #expect(whole.contains(" of ") && whole.contains(": \(moved), "), "\(whole)")
      #expect(whole.hasSuffix(" min"), "\(whole)")
    }

    @Test func thePickerSaysTheQueryAndTheLineChosen() throws {
      let transcript = try AccessibleDemoSession.picker(demo: try DemoBinary.require())
      try Self.expectLinearOutput(transcript.output)
      let typed = Self.lines(transcript.records[1].text)
      #expect(typed.last?.contains("field, sw, ") == true, "\(typed)")
      for record in transcript.records where record.step.kind == "move" {
        let lines = Self.lines(record.text)
        #expect(lines.count == 1 && Self.isMove(lines[0]), "\(record.step): \(lines)")
      }
      let chosen = Self.lines(transcript.records.last?.text ?? "")
      #expect(
        // NB: after the modes the session switches off as it ends (`ESC [ ? 2004 l` …).
        chosen.contains { line in AccessibleDemoSession.pickerLines.contains { line.hasSuffix($0) }
        },
        "Enter writes the line chosen: \(chosen)")
    }

    /// The kit's task group in the mode (`SCREENKIT_ACCESSIBLE=1`, as a user sets it): each
    /// task's end a line of words, the group's progress said in steps of 10 % and each step
    /// once, no bar, no spinner, no grid.
    @Test func aTaskGroupSaysEachTaskAndItsProgressInTenPercentSteps() throws {
      let (terminal, job) = try Self.startInTheMode("TasksExample")
      let ending = job.waitForEnding(by: Deadline(after: .seconds(60)))
      _ = job.end(by: Deadline(after: .seconds(5)))
      terminal.drain()
      #expect(ending == .exited(0))
      try Self.expectLinearOutput(terminal.output)
      let lines = Self.lines(String(decoding: terminal.output, as: UTF8.self))
      let steps = lines.filter { $0.hasPrefix("Installing, ") }
      let percents = steps.compactMap { Int($0.dropFirst("Installing, ".count).dropLast(2)) }
      #expect(percents.count == steps.count, "\(steps)")
      #expect(percents == percents.sorted() && Set(percents).count == percents.count, "\(steps)")
      #expect(percents.allSatisfy { $0 % 10 == 0 } && percents.count <= 11, "\(steps)")
      let done = lines.filter { $0.hasPrefix("done package-") }
      #expect(done.count == 50, "each task's end is a line: \(lines)")
    }

    /// The kit's prompts in the mode, answered by keys: each question said with its field or
    /// its choice pointed at, a move the new choice alone, each answer a line of words (the
    /// token's as "(hidden)", never its text), the program's own lines after; no grid.
    @Test func thePromptsSayTheirQuestionsAndLeaveTheAnswersAsWords() throws {
      let (terminal, job) = try Self.startInTheMode("PromptsExample")
      defer { _ = job.end(by: Deadline(after: .seconds(5))) }
      // Each key once what it answers has been said.
      let script: [(wait: String, key: String)] = [
        ("Project name?, field", "\r"), ("Language?, list, 1 of 8: Swift", "\u{1B}[B"),
        ("\nRust", "\r"), ("License?, list, 1 of 4: MIT", "\r"),
        ("Dependency?, list, 1 of 8", "arg"), ("swift-argument-parser", "\r"),
        ("Features?, list", "\r"), ("Registry token?, field", "q"),
        ("hidden, 1 character", "\r"), ("Create my-tool?, button", "y"),
      ]
      for (wait, key) in script {
        let said = terminal.wait(until: Deadline(after: .seconds(30))) { output in
          String(decoding: output, as: UTF8.self).contains(wait)
        }
        #expect(said, "no \"\(wait)\" in: \(String(decoding: terminal.output, as: UTF8.self))")
        guard said else { return }
        try terminal.write(Array(key.utf8), by: Deadline(after: .seconds(10)))
      }
      #expect(job.waitForEnding(by: Deadline(after: .seconds(30))) == .exited(0))
      terminal.drain()
      try Self.expectLinearOutput(terminal.output)
      let lines = Self.lines(String(decoding: terminal.output, as: UTF8.self))
      for answer in [
        "done Project name? my-tool", "done Language? Rust", "done License? MIT",
        "done Dependency? swift-argument-parser", "done Features? Tests",
        "done Registry token? (hidden)", "done Create my-tool? yes",
        "The token is kept for the registry.",
      ] {
        #expect(lines.contains { $0.hasSuffix(answer) }, "\(answer) in \(lines)")
      }
      #expect(lines.contains("Rust"), "the move says the new choice alone: \(lines)")
      // The secret (`q`) is never said: its question says only how long it is.
      let token = lines.filter { $0.contains("Registry token?") }
      #expect(
        !token.isEmpty
          && token.allSatisfy { $0.contains("empty") || $0.contains("hidden") }, "\(token)")
    }

    /// Starts the example `name`, built beside the demo, on an 80x24 pty with
    /// `SCREENKIT_ACCESSIBLE=1` set, as a user who set it in their profile runs it.
    private static func startInTheMode(_ name: String) throws -> (PseudoTerminal, TerminalJob) {
      let example = URL(fileURLWithPath: try DemoBinary.require()).deletingLastPathComponent()
        .appendingPathComponent(name).path
      let terminal = try PseudoTerminal(size: WindowSize(width: 80, height: 24))
      let job = try TerminalJob(
        executable: example, arguments: [],
        environment: [
          "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
          "SCREENKIT_ACCESSIBLE": "1",
        ], terminal: terminal, by: Deadline(after: .seconds(30)))
      return (terminal, job)
    }

    /// `TERM=dumb` and a pipe keep what the demo does without the mode, byte for byte: the
    /// mode is for a terminal a screen reader reads, not the fallback of one that cannot draw.
    @Test(arguments: [["TERM": "dumb"], ["TERM": "xterm-256color"]])
    func withoutATerminalTheModeChangesNothing(environment: [String: String]) throws {
      let demo = try DemoBinary.require()
      let plain = try Self.run(demo, ["--latency", "0"], environment)
      let accessible = try Self.run(demo, ["--latency", "0", "--accessible"], environment)
      #expect(accessible.output == plain.output)
      #expect(accessible.status == plain.status)
      #expect(!accessible.output.contains("Episodes: Loading…"), "\(accessible.output)")
    }

    /// Runs `demo` with its output on a pipe and no input; returns what it wrote and its status.
    private static func run(
      _ demo: String, _ arguments: [String], _ environment: [String: String]
    ) throws -> (output: String, status: Int32) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: demo)
      process.arguments = arguments
      process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    // MARK: Checks

    /// No alternate screen, no cursor addressing, no erasing; no box-drawing, block or
    /// Braille-pattern character.
    static func expectLinearOutput(
      _ output: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      let text = String(decoding: output, as: UTF8.self)
      let glyphs = text.unicodeScalars.filter {
        (0x2500...0x259F).contains($0.value) || (0x2800...0x28FF).contains($0.value)
      }
      #expect(
        glyphs.isEmpty, "drawing glyphs written: \(String(String.UnicodeScalarView(glyphs)))",
        sourceLocation: sourceLocation)
      let sequences = controlSequences(in: output)
      let moving = sequences.filter { sequence in
        guard let final = sequence.last else { return false }
        if "?1049h?1047h?47h".contains(sequence) { return true }
        // Cursor addressing and motion, erasing, scrolling regions.
        return "HfABCDEFGdJKr".contains(final) && !sequence.hasPrefix("?")
      }
      #expect(
        moving.isEmpty, "escape sequences that draw a grid: \(moving)",
        sourceLocation: sourceLocation)
    }

    /// The parameters and final byte of each CSI sequence in `output` (`?1049h`, `2;5H`).
    static func controlSequences(in output: [UInt8]) -> [String] {
      var sequences: [String] = []
      var index = 0
      while index + 1 < output.count {
        guard output[index] == 0x1B, output[index + 1] == UInt8(ascii: "[") else {
          index += 1
          continue
        }
        var end = index + 2
        while end < output.count, !(0x40...0x7E).contains(output[end]) { end += 1 }
        guard end < output.count else { break }
        sequences.append(String(decoding: output[(index + 2)...end], as: UTF8.self))
        index = end + 1
      }
      return sequences
    }

    /// The lines of `text`, without carriage returns and blank lines.
    static func lines(_ text: String) -> [String] {
      text.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
        .filter { !$0.isEmpty }
    }

    /// Whether `line` is what a move says: an item's label alone (`Concurrency`), without its
    /// position, its detail or a role.
    static func isMove(_ line: String) -> Bool {
      !line.isEmpty && line.range(of: #"[0-9]+ of [0-9]+"#, options: .regularExpression) == nil
        && !line.contains(", list") && !line.contains(" min")
    }
  }
#endif

import Foundation
import Testing

/// `PromptsExample` (a command of swift-argument-parser whose `run()` asks five questions)
/// in a real terminal and piped: the answer lines left in the scrollback, the secret nowhere,
/// Ctrl-C, and the answers taken when nobody can be asked.
@Suite(
  "Prompts in a real terminal and piped", .serialized,
  .enabled(if: Shell.hasTmux, "tmux is not installed"))
struct PromptsEndToEndTests {
  /// The lines every run answered on the terminal leaves, in order.
  static let answered = [
    "✔ Project name? demo-app",
    "✔ Language? Rust",
    "✔ License? MIT",
    "✔ Dependency? swift-argument-parser",
    "✔ Features? Tests, Documentation",
    "✔ Registry token? (hidden)",
    "✔ Create demo-app? yes",
    "Creating demo-app: Rust, MIT, swift-argument-parser, Tests, Documentation.",
    "The token is kept for the registry.",
  ]

  /// The example in an 80x24 pane after a line of history; `CI` unset, as in a shell.
  ///
  /// NB: the pane's shell, which has no job control, is in the example's process group and
  /// gets the SIGINT of a Ctrl-C too; its trap keeps it alive to write the status, as an
  /// interactive shell (whose job the example would be) is.
  private static func example(_ environment: [String: String] = [:]) throws -> TmuxSession {
    try TmuxSession(
      [], width: 80, height: 24, environment: environment,
      before: "unset CI; trap true INT; echo history; ", program: "PromptsExample")
  }

  @Test func eachAnswerLeavesOneLineAndTheSecretIsNowhere() async throws {
    let session = try Self.example()
    defer { session.close() }
    try await session.waitFor("? Project name? (my-tool)")
    try session.send("-l", "demo-app")
    try session.send("Enter")
    try await session.waitFor("? Language?", "› Swift")
    try session.send("-l", "ru")
    try await session.waitFor("› Rust", without: ["  Swift"])
    try session.send("Enter")
    // The license's choices load; the spinner is the question's row meanwhile.
    try await session.waitFor("? License?", "› MIT")
    try session.send("Enter")
    // A search: Enter right after typing waits for the answer to "arg", and never takes the
    // first of the rows shown meanwhile (the empty query's, swift-log first).
    try await session.waitFor("? Dependency?", "› swift-log")
    try session.send("-l", "arg")
    try session.send("Enter")
    try await session.waitFor("? Features?", "› ◉ Tests")
    try session.send("Down", "Down", "Space")
    try await session.waitFor("› ◉ Documentation", "2 chosen")
    try session.send("Enter")
    try await session.waitFor("? Registry token?")
    try session.send("-l", "hunter2")
    try await session.waitFor("? Registry token? •••••••")
    try session.send("Enter")
    try await session.waitFor("? Create demo-app? (Y/n)")
    try session.send("y")
    #expect(try await session.exitStatus() == 0)
    let settings = try await session.terminalSettings()
    #expect(settings.before == settings.after)
    try await session.waitFor("EXIT=0")
    #expect(try session.linesWithHistory(after: "history") == Self.answered + ["EXIT=0"])
    #expect(!session.output().contains("hunter2"))
  }

  @Test func ctrlCEndsWithStatus130AndTheTerminalPutBack() async throws {
    let session = try Self.example()
    defer { session.close() }
    try await session.waitFor("? Project name? (my-tool)")
    try session.send("-l", "half")
    try session.send("C-c")
    #expect(try await session.exitStatus() == 130)
    let settings = try await session.terminalSettings()
    #expect(settings.before == settings.after)
    try await session.waitFor("EXIT=130")
    // The region is cleared: nothing of the question is left, the shell's line is below.
    #expect(try session.linesWithHistory(after: "history") == ["EXIT=130"])
    #expect(try session.paneFormat("cursor_flag") == "1")
    #expect(try session.paneFormat("keypad_cursor_flag") == "0")
  }

  @Test func theEnvironmentAnswersOnTheTerminalWithoutAsking() async throws {
    let session = try Self.example([
      "PROMPTS_NAME": "demo-app", "PROMPTS_LANGUAGE": "rust", "PROMPTS_LICENSE": "mit",
      "PROMPTS_DEPENDENCY": "swift-argument-parser", "PROMPTS_FEATURES": "docs,tests",
      "PROMPTS_TOKEN": "hunter2",
    ])
    defer { session.close() }
    try await session.waitFor("? Create demo-app? (Y/n)")
    try session.send("Enter")
    #expect(try await session.exitStatus() == 0)
    try await session.waitFor("EXIT=0")
    #expect(try session.linesWithHistory(after: "history") == Self.answered + ["EXIT=0"])
    #expect(!session.output().contains("hunter2"))
  }

  @Test func resizesWhileAskedLeaveTheHistoryAndOneLineAnAnswer() async throws {
    let history = (1...40).map { "history \($0)" }
    let session = try TmuxSession(
      [], width: 80, height: 24,
      before: "unset CI; trap true INT; echo history; seq -f 'history %g' 1 40; ",
      program: "PromptsExample")
    defer { session.close() }
    try await session.waitFor("? Project name? (my-tool)")
    try session.send("Enter")
    try await session.waitFor("? Language?", "› Swift")
    try session.resize(width: 50, height: 12)
    try await session.waitFor("› Swift")
    try session.send("Down")
    try await session.waitFor("› Rust")
    try session.resize(width: 30, height: 8)
    try await session.waitFor("› Rust")
    try session.resize(width: 80, height: 24)
    try await session.waitFor("› Rust")
    try session.send("Enter")
    try await session.waitFor("? License?", "› MIT")
    try session.send("Enter")
    try await session.waitFor("? Dependency?", "› swift-log")
    try session.send("Enter")
    try await session.waitFor("? Features?")
    try session.send("Enter")
    try await session.waitFor("? Registry token?")
    try session.send("-l", "x")
    try session.send("Enter")
    try await session.waitFor("? Create my-tool? (Y/n)")
    try session.send("n")
    #expect(try await session.exitStatus() == 0)
    try await session.waitFor("EXIT=0")
    let all = try session.linesWithHistory(after: "history")
    #expect(
      all == history + [
        "✔ Project name? my-tool", "✔ Language? Rust", "✔ License? MIT",
        "✔ Dependency? swift-log", "✔ Features? Tests",
        "✔ Registry token? (hidden)", "✔ Create my-tool? no", "Nothing created.", "EXIT=0",
      ], "\(all.joined(separator: "\n"))")
  }

  /// A million rows by page (`--table-rows`): the first page, then the last at End, through a
  /// resize storm; the rows on screen left plain in the scrollback above the program's line,
  /// the history above them intact, no pointer or status row left.
  @Test func aPagedTableLoadsThePagesShownAndLeavesItsRowsThroughAStorm() async throws {
    let history = (1...40).map { "history \($0)" }
    let session = try TmuxSession(
      ["--table-rows", "1000000"], width: 80, height: 24,
      before: "unset CI; trap true INT; echo history; seq -f 'history %g' 1 40; ",
      program: "PromptsExample")
    defer { session.close() }
    try await pointed(at: "build-1", in: session, also: "? Builds", "1 of 1000000")
    try session.send("End")
    try await pointed(at: "build-1000000", in: session, also: "1000000 of 1000000")
    for (index, size) in [(60, 12), (100, 30), (40, 8), (80, 24)].enumerated() {
      try session.resize(width: size.0, height: size.1)
      if index % 2 == 1 { try session.send("Up") }
    }
    try await pointed(at: "build-999998", in: session)
    try session.send("Down")
    try await pointed(at: "build-999999", in: session)
    try session.send("Enter")
    #expect(try await session.exitStatus() == 0)
    try await session.waitFor("EXIT=0")
    let all = try session.linesWithHistory(after: "history")
    let text = all.joined(separator: "\n")
    #expect(Array(all.prefix(40)) == history, "\(text)")
    #expect(all.suffix(2) == ["build-999999: failed in 113 s", "EXIT=0"], "\(text)")
    // NB: the row under the pointer is left, not necessarily the last: tmux may or may not
    // pass on the storm's 100x30, whose taller page scrolls the table up a row, and the
    // pointer then comes back down inside the page (the number column is then a digit
    // narrower: it is sized by the rows shown).
    #expect(
      all.contains { $0.drop { $0 == " " }.hasPrefix("999999  build-999999") }, "\(text)")
    #expect(!text.contains("›") && !text.contains(" of 1000000"), "\(text)")
  }

  /// A select over 200,000 lines of a file that stream in (`--options-file`): the first shown
  /// at once, all of them counted once read, a query typed narrows them to one, Enter prints
  /// it under the answer line.
  @Test func aSelectOverAStreamedFileFindsTheLineTyped() async throws {
    let session = try TmuxSession(
      ["--options-file", "lines.txt"], width: 80, height: 24,
      before: "unset CI; echo history; ", program: "PromptsExample",
      prepare: { directory in
        let lines = (1...200_000).map { "line \($0)" }.joined(separator: "\n") + "\n"
        try lines.write(
          to: directory.appendingPathComponent("lines.txt"), atomically: true, encoding: .utf8)
      })
    defer { session.close() }
    try await session.waitFor("? Line?", "› line 1", "200000 of 200000", without: ["loading"])
    try session.send("-l", "199999")
    try await session.waitFor("› line 199999", "1 of 200000")
    try session.send("Enter")
    #expect(try await session.exitStatus() == 0)
    try await session.waitFor("EXIT=0")
    #expect(
      try session.linesWithHistory(after: "history")
        == ["✔ Line? line 199999", "line 199999", "EXIT=0"])
  }

  /// Waits until the table's pointer is on the row named `name` and the screen shows `texts`.
  private func pointed(
    at name: String, in session: TmuxSession, also texts: String...,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await session.waitUntil(
      "the pointer on \(name)", timeout: .seconds(10), sourceLocation: sourceLocation
    ) { screen in
      let row = screen.split(separator: "\n").first { $0.hasPrefix("›") } ?? ""
      return row.split(separator: " ").contains { $0 == name } && texts.allSatisfy(screen.contains)
    }
  }

  @Test func ctrlCInATableEndsWithStatus130AndTheTerminalPutBack() async throws {
    let session = try TmuxSession(
      ["--table-rows", "1000"], width: 80, height: 24,
      before: "unset CI; trap true INT; echo history; ", program: "PromptsExample")
    defer { session.close() }
    try await pointed(at: "build-1", in: session)
    try session.send("PageDown")
    try session.send("C-c")
    #expect(try await session.exitStatus() == 130)
    let settings = try await session.terminalSettings()
    #expect(settings.before == settings.after)
    try await session.waitFor("EXIT=130")
    #expect(try session.paneFormat("cursor_flag") == "1")
    #expect(try session.paneFormat("keypad_cursor_flag") == "0")
    #expect(try session.paneFormat("mouse_any_flag") == "0")
  }

  @Test func aHangupPutsTheTerminalBack() async throws {
    let session = try Self.example()
    defer { session.close() }
    try await session.waitFor("? Project name? (my-tool)")
    kill(try await session.demoProcessID(named: "PromptsExample"), SIGHUP)
    #expect(try await session.exitStatus() == 128 + SIGHUP)
    let settings = try await session.terminalSettings()
    #expect(settings.before == settings.after)
    try await session.waitFor("EXIT=129")
    // The region is cleared; the pane's shell says how its job ended.
    let all = try session.linesWithHistory(after: "history")
    #expect(!all.contains { $0.contains("Project name") }, "\(all)")
    #expect(all.last == "EXIT=129")
  }

  /// Runs the example under `bash` with `redirections`, the environment's `CI` unset and
  /// `variables` set; its status is the example's, not the pipe's last command's.
  private func piped(_ variables: String = "", _ redirections: String = "< /dev/null | cat")
    throws -> Shell.Output
  {
    let binary = try DemoBinary.sibling(named: "PromptsExample")
    return try Shell.run([
      "bash", "-c",
      "unset CI; \(variables) \(Shell.quote(binary)) \(redirections); exit ${PIPESTATUS[0]}",
    ])
  }

  @Test func pipedTheDefaultsAnswerAndTheTokenComesFromTheEnvironment() throws {
    let run = try piped("PROMPTS_TOKEN=hunter2")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == Self.defaults.map { $0 + "\n" }.joined())
    #expect(!run.stdout.contains("\u{1B}"))
    #expect(run.stderr.isEmpty)
  }

  @Test func pipedAPromptWithoutDefaultFailsWithOneLineNamingItsVariable() throws {
    let run = try piped()
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "Error: \"Registry token?\" cannot be asked (standard input is not a terminal) and has no default: set PROMPTS_TOKEN=<secret>\n"
    )
    #expect(run.stdout == Self.defaults.prefix(5).map { $0 + "\n" }.joined())
  }

  /// What a run that nobody answered leaves: the defaults, the token from the environment.
  static let defaults = [
    "✔ Project name? my-tool",
    "✔ Language? Swift",
    "✔ License? MIT",
    "✔ Dependency? swift-log",
    "✔ Features? Tests",
    "✔ Registry token? (hidden)",
    "✔ Create my-tool? yes",
    "Creating my-tool: Swift, MIT, swift-log, Tests.",
    "The token is kept for the registry.",
  ]

  @Test func aDumbTerminalIsNotAskedAndNothingIsDrawn() async throws {
    let session = try Self.example(["TERM": "dumb", "PROMPTS_TOKEN": "hunter2"])
    defer { session.close() }
    #expect(try await session.exitStatus() == 0)
    try await session.waitFor("EXIT=0")
    #expect(try session.linesWithHistory(after: "history") == Self.defaults + ["EXIT=0"])
    #expect(!session.output().contains("? Project name?"))
  }

  @Test func aWrongAnswerFromAFlagIsOneLineWithStatus1() throws {
    let run = try piped("", "--answer create=maybe --answer token=x < /dev/null | cat")
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "Error: PROMPTS_CREATE=\"maybe\" does not answer \"Create my-tool?\": answer yes or no\n"
    )
  }
}

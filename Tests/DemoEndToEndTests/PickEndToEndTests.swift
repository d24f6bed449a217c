import Foundation
import Testing

/// `Demo pick` in a pipeline, in a real terminal: candidates come in on standard input, the
/// picker draws on the terminal under the shell's history, and the line chosen goes out on
/// standard output, byte for byte, with the exit status fzf gives.
@Suite(
  "Demo pick in a pipeline", .serialized, .enabled(if: Shell.hasTmux, "tmux is not installed"))
struct PickEndToEndTests {
  private static let history = "seq -f 'history %g' 1 30; "

  /// `producer | Demo pick ARGUMENTS > choice` in an 80x24 pane under thirty lines of history;
  /// `before` runs first, and `redirections` replace `> choice`.
  private static func pick(
    _ producer: String, _ arguments: [String] = ["--height", "8"], before: String = "",
    redirections: String = "> choice"
  ) throws -> TmuxSession {
    try TmuxSession(
      ["pick"] + arguments, width: 80, height: 24, before: history + before + producer + " | ",
      redirections: redirections)
  }

  /// What the picker wrote to standard output, once it ended.
  private func choice(_ session: TmuxSession) async throws -> [UInt8] {
    _ = try await session.exitStatus()
    return Array(try Data(contentsOf: session.directory.appendingPathComponent("choice")))
  }

  @Test func theLineChosenGoesToStandardOutputAndTheTerminalIsLeftAsItWas() async throws {
    let session = try Self.pick("printf 'alpha/one\\nbeta/two\\ngamma/three\\n'")
    defer { session.close() }
    try await session.waitFor("3/3", "alpha/one", "gamma/three")
    try session.send("-l", "btw")
    try await session.waitFor("1/3", without: ["alpha/one"])
    try session.send("Enter")
    #expect(try await session.exitStatus() == 0)
    #expect(try await choice(session) == Array("beta/two\n".utf8))
    let settings = try await session.terminalSettings()
    #expect(settings.before == settings.after)
    // The region is cleared, as fzf leaves it: the shell's next line is under the history.
    let screen = try await session.waitFor("EXIT=0", without: ["1/3"])
    #expect(screen.contains("history 30\nEXIT=0"), "\(screen)")
    #expect(try session.paneFormat("cursor_flag") == "1")
    #expect(try session.paneFormat("mouse_any_flag") == "0")
  }

  @Test func linesThatAreNotTextAreShownEscapedAndWrittenBackUnchanged() async throws {
    let session = try Self.pick("printf 'nul\\000here\\nbad\\377byte\\nesc\\033[31mred\\n'")
    defer { session.close() }
    try await session.waitFor("3/3", "nul^@here", #"bad\xFFbyte"#, "esc^[[31mred")
    try session.send("-l", "bad")
    try await session.waitFor("1/3")
    try session.send("Enter")
    #expect(try await session.exitStatus() == 0)
    #expect(try await choice(session) == Array("bad".utf8) + [0xFF] + Array("byte\n".utf8))
  }

  @Test func aNulIsWrittenBackAsItCame() async throws {
    let session = try Self.pick("printf 'nul\\000here\\nother\\n'")
    defer { session.close() }
    try await session.waitFor("2/2", "nul^@here")
    try session.send("Enter")
    #expect(try await session.exitStatus() == 0)
    #expect(try await choice(session) == Array("nul".utf8) + [0] + Array("here\n".utf8))
  }

  @Test func enterWithNothingMatchingWritesNothingAndExitsOne() async throws {
    let session = try Self.pick("seq 1 50")
    defer { session.close() }
    try await session.waitFor("50/50")
    try session.send("-l", "xyz")
    try await session.waitFor("0/50")
    try session.send("Enter")
    #expect(try await session.exitStatus() == 1)
    #expect(try await choice(session).isEmpty)
  }

  @Test func escapeWritesNothingAndExits130() async throws {
    let session = try Self.pick("seq 1 50")
    defer { session.close() }
    try await session.waitFor("50/50")
    try session.send("Escape")
    #expect(try await session.exitStatus() == 130)
    #expect(try await choice(session).isEmpty)
    let settings = try await session.terminalSettings()
    #expect(settings.before == settings.after)
  }

  @Test func controlCWritesNothingExits130AndPutsTheTerminalBack() async throws {
    let session = try Self.pick("seq 1 50")
    defer { session.close() }
    try await session.waitFor("50/50")
    try session.send("C-c")
    #expect(try await session.exitStatus() == 130)
    #expect(try await choice(session).isEmpty)
    let settings = try await session.terminalSettings()
    #expect(settings.before == settings.after)
    #expect(try session.paneFormat("cursor_flag") == "1")
  }

  @Test func anEndlessInputKeepsThePromptResponsive() async throws {
    let session = try Self.pick("yes")
    defer { session.close() }
    try await session.waitFor("▌ y")
    // Typed while lines pour in: each key shows at once, and the count goes on.
    try session.send("-l", "n")
    try await session.waitFor("> n", "0/")
    try session.send("BSpace")
    try await session.waitFor("▌ y", without: ["> n"])
    try session.send("Escape")
    #expect(try await session.exitStatus() == 130)
  }

  @Test func theWholeTerminalWithFullscreen() async throws {
    let session = try Self.pick("seq 1 500", ["--fullscreen"])
    defer { session.close() }
    try await session.waitFor("500/500")
    #expect(try session.paneFormat("alternate_on") == "1")
    try session.send("-l", "499")
    try await session.waitFor("1/500")
    try session.send("Enter")
    #expect(try await session.exitStatus() == 0)
    #expect(try await choice(session) == Array("499\n".utf8))
  }

  @Test func aTerminalOnStandardInputIsRefusedInOneLine() async throws {
    let session = try TmuxSession(["pick"], width: 80, height: 24)
    defer { session.close() }
    #expect(try await session.exitStatus() == 64)
    let error = try await session.standardError()
    #expect(error.hasPrefix("Demo: pick reads the lines to choose from on standard input"))
    #expect(error.split(separator: "\n").count == 1, "\(error)")
  }
  @Test func aRemoteSearchKeepsTheLastAnswerStaleUntilTheNextArrives() async throws {
    let session = try Self.pick(
      "printf 'alpha/one\\nbeta/two\\ngamma/three\\n'",
      ["--height", "8", "--remote", "--latency", "400"])
    defer { session.close() }
    try await session.waitFor("3/3", "alpha/one", "gamma/three", without: ["…"])
    try session.send("-l", "gam")
    // The answer for "" stays, marked, while the one for "gam" is on its way.
    try await session.waitFor("> gam", "alpha/one", "refreshing")
    try await session.waitFor("1/3", without: ["alpha/one", "refreshing"])
    try session.send("Enter")
    #expect(try await session.exitStatus() == 0)
    #expect(try await choice(session) == Array("gamma/three\n".utf8))
  }

  // MARK: Enter with a remote search

  @Test func enterRightAfterTypingWritesALineOfTheQueryTypedNotOfTheAnswerShown() async throws {
    let session = try Self.pick("printf 'apple\\nbanana\\ncherry\\ndate\\n'", ["--remote"])
    defer { session.close() }
    try await session.waitFor("4/4", "apple", "date", without: ["…"])
    // One tmux command: Enter comes within the 150 ms debounce, the answer for "" still shown.
    try session.send("che", "Enter")
    #expect(try await session.exitStatus() == 0)
    #expect(try await choice(session) == Array("cherry\n".utf8))
  }

  @Test func enterRightAfterAQueryNothingMatchesWritesNothingAndExitsOne() async throws {
    let session = try Self.pick("printf 'apple\\nbanana\\ncherry\\ndate\\n'", ["--remote"])
    defer { session.close() }
    try await session.waitFor("4/4", "apple", "date", without: ["…"])
    try session.send("zzz", "Enter")
    #expect(try await session.exitStatus() == 1)
    #expect(try await choice(session).isEmpty)
  }

  // MARK: Standard output that fails

  @Test func aChoiceThatCannotBeWrittenIsSaidInOneLineWithStatusTwo() async throws {
    let session = try Self.pick("printf 'alpha\\nbeta\\n'", redirections: "> /dev/full")
    defer { session.close() }
    try await session.waitFor("2/2", "alpha")
    try session.send("Enter")
    #expect(try await session.exitStatus() == 2)
    let error = try await session.standardError()
    #expect(
      error
        == "Demo: pick cannot write the line chosen to standard output: No space left on device\n")
    let settings = try await session.terminalSettings()
    #expect(settings.before == settings.after)
    // The picker's rows were cleared before the error: the shell goes on under the history.
    let screen = try await session.waitFor("EXIT=2", without: ["2/2"])
    #expect(screen.contains("history 30\nEXIT=2"), "\(screen)")
  }

  @Test func aReaderThatLeftIsSaidInOneLineWithStatusTwoNotASilentDeath() async throws {
    // NB: the reader opens the pipe, which lets the picker's shell open it for writing, and
    // closes it at once; `gone` says it has.
    let session = try Self.pick(
      "printf 'alpha\\nbeta\\n'", before: "mkfifo out; { exec 3<out; exec 3<&-; : > gone; } & ",
      redirections: "> out")
    defer { session.close() }
    try await session.waitForFile("gone")
    try await session.waitFor("2/2", "alpha")
    try session.send("Enter")
    #expect(try await session.exitStatus() == 2)
    let error = try await session.standardError()
    #expect(error == "Demo: pick cannot write the line chosen to standard output: Broken pipe\n")
    let settings = try await session.terminalSettings()
    #expect(settings.before == settings.after)
    #expect(try session.paneFormat("cursor_flag") == "1")
  }

  // MARK: Standard descriptors that are closed

  @Test func aClosedStandardOutputIsRefusedBeforeAnythingTakesItsNumber() async throws {
    let session = try Self.pick("printf 'alpha\\nbeta\\n'", redirections: ">&-")
    defer { session.close() }
    #expect(try await session.exitStatus() == 2)
    let error = try await session.standardError()
    #expect(
      error
        == "Demo: standard output (descriptor 1) is closed; open it, to /dev/null if its output is not wanted\n"
    )
    // Refused before the terminal was touched: nothing was drawn.
    #expect(!session.output().contains("2/2"))
    let settings = try await session.terminalSettings()
    #expect(settings.before == settings.after)
  }

  @Test func aClosedStandardInputIsRefusedRatherThanReadFromTheTerminal() async throws {
    let session = try TmuxSession(["pick"], width: 80, height: 24, redirections: "<&-")
    defer { session.close() }
    #expect(try await session.exitStatus() == 2)
    let error = try await session.standardError()
    #expect(
      error
        == "Demo: standard input (descriptor 0) is closed; open it, to /dev/null if it has no input\n"
    )
  }
}

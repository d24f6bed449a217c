import TerminalProcess
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The programs in Examples/, each run on a pseudo-terminal as a user would: it shows its
/// text, reacts to a key, and quits with q, status 0 and the terminal as it was.
@Suite struct ExampleProgramTests {
  @Test func helloGreetsAndNamesTheKeyPressed() throws {
    let run = try ExampleRun(executable: "HelloExample")
    defer { run.terminal.close() }
    run.expectShows("Hello, ScreenKit!")
    run.terminal.type("x")
    run.expectShows("You pressed x")
    try run.expectQuitsWithTheTerminalRestored()
  }

  @Test(arguments: [
    ("LoadingControllerExample", "Forecast: Sunny"),
    ("LoadingProtocolExample", "Quote: Simple things should be simple."),
  ])
  func loadingExampleFailsRetriesAndRefreshes(executable: String, content: String) throws {
    let run = try ExampleRun(executable: executable)
    defer { run.terminal.close() }
    // The first load fails, r retries and succeeds, and a refresh fails over the content.
    run.expectShows("did not answer (attempt 1)")
    run.terminal.type("r")
    run.expectShows(content)
    run.expectShows("Loaded on attempt 2")
    run.terminal.type("r")
    run.expectShows("refresh failed")
    try run.expectQuitsWithTheTerminalRestored()
  }

  @Test func navigationPushesOnEnterForEitherRowTypeAndPopsOnEscape() throws {
    let run = try ExampleRun(executable: "NavigationExample")
    defer { run.terminal.close() }
    run.expectShows("Voyager 1")
    run.terminal.type("\r")
    run.expectShows("Phobos")
    let pushed = run.terminal.written.count
    run.terminal.type("\u{1B}")
    #expect(
      waitUntil(timeout: .seconds(10)) {
        String(decoding: run.terminal.written.dropFirst(pushed), as: UTF8.self).contains("Voyager")
      }, "Esc did not go back to the list")
    run.terminal.type("j\r")
    run.expectShows("Left the heliosphere")
    try run.expectQuitsWithTheTerminalRestored()
  }

  @Test func embeddingHostsTheScreenInAPlainCursesProgram() throws {
    let run = try ExampleRun(executable: "EmbeddingExample")
    defer { run.terminal.close() }
    run.expectShows("A plain ncurses program")
    run.expectShows("A ScreenKit screen in the pane")
    run.terminal.type("x")
    run.expectShows("The pane got x")
    try run.expectQuitsWithTheTerminalRestored()
  }
}

/// One example program started on a fresh pseudo-terminal.
private struct ExampleRun {
  let terminal: TerminalRecorder
  let child: ChildProcess
  let modesBefore: TerminalModes

  init(executable: String) throws {
    terminal = try TerminalRecorder()
    modesBefore = try terminal.modes()
    child = try ChildProcess(
      executable: ChildProcess.productsDirectory + "/" + executable, input: terminal.follower,
      output: .descriptor(terminal.follower),
      environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
  }

  func expectShows(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
      terminal.eventuallyShows(text), "never showed \"\(text)\"", sourceLocation: sourceLocation)
  }

  func expectQuitsWithTheTerminalRestored(sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0), sourceLocation: sourceLocation)
    #expect(try terminal.modes() == modesBefore, sourceLocation: sourceLocation)
    #expect(
      terminal.eventuallyShows("\u{1B}[?1049l"), "the alternate screen was not left",
      sourceLocation: sourceLocation)
  }
}

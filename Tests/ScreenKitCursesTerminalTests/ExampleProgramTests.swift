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

  @Test func ansiHostShowsALoadInItsPaneWithoutCursesAndFollowsKeysAndResizes() throws {
    let run = try ExampleRun(executable: "ANSIHostExample", columns: 80, rows: 24)
    defer { run.terminal.close() }
    run.expectShows("A plain ANSI program")
    run.expectShows("Loading…")
    run.expectShows("Report from load one")
    // NB: the terminal gets only the cells that change, so a check looks for what is new.
    run.expectShows("56x23")
    // r reaches the hosted controller, which shows its badge and loads again.
    run.terminal.type("r")
    run.expectShows("refreshing")
    run.expectShows("two")
    // A resize repaints the pane whole, laid out at its new size.
    try run.resize(columns: 100, rows: 30)
    run.expectShows("Terminal 100x30")
    run.expectShows("Pane 76x29")
    try run.expectQuitsWithTheTerminalRestored()
    run.expectMouseReportingOff()
  }

  @Test func ansiHostTakesClicksInItsPaneAtThePanesOffsetAndLeavesTheRestToItself() throws {
    let run = try ExampleRun(executable: "ANSIHostExample", columns: 80, rows: 24)
    defer { run.terminal.close() }
    run.expectShows("\u{1B}[?1000h")
    run.expectShows("\u{1B}[?1006h")
    run.expectShows("Report from load one")
    run.expectShows("[ Reload ]")
    // The pane starts at column 24, row 1 (0-based); its Reload button at its column 2, row 5.
    // A click in the sidebar, where the button would be without the pane's offset, is the
    // program's own: it says so, and the pane never starts a refresh.
    let before = run.terminal.byteCount
    run.terminal.type(Self.sgrClick(x: 2, y: 5))
    run.expectShows("Clicked outside the pane")
    run.terminal.waitForQuiet(.milliseconds(100))
    let afterSidebarClick = String(decoding: run.terminal.bytes(from: before), as: UTF8.self)
    #expect(!afterSidebarClick.contains("refreshing"), "a click outside the pane reached it")
    // The button itself reloads the pane.
    run.terminal.type(Self.sgrClick(x: 24 + 2, y: 1 + 5))
    run.expectShows("refreshing")
    run.expectShows("two")
    try run.expectQuitsWithTheTerminalRestored()
    run.expectMouseReportingOff()
  }

  /// A press and a release of the left button at `x`, `y` (0-based), as a terminal with SGR
  /// mouse reporting writes them.
  static func sgrClick(x: Int, y: Int) -> String {
    "\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m"
  }

  @Test(arguments: [SIGINT, SIGTERM])
  func ansiHostRestoresTheTerminalWhenASignalEndsIt(signal: Int32) throws {
    let run = try ExampleRun(executable: "ANSIHostExample", columns: 80, rows: 24)
    defer { run.terminal.close() }
    run.expectShows("Loading…")
    run.child.signal(signal)
    #expect(run.child.waitForEnd() == .exited(128 + signal))
    #expect(try run.terminal.modes() == run.modesBefore)
    #expect(run.terminal.eventuallyShows("\u{1B}[?1049l"), "the alternate screen was not left")
    run.expectMouseReportingOff()
  }
}

/// One example program started on a fresh pseudo-terminal.
struct ExampleRun {
  let terminal: TerminalRecorder
  let child: ChildProcess
  let modesBefore: TerminalModes

  /// Starts `executable`; with `columns` and `rows`, on a terminal of that size.
  init(executable: String, columns: Int? = nil, rows: Int? = nil) throws {
    if let columns, let rows {
      terminal = try TerminalRecorder(size: WindowSize(width: columns, height: rows))
    } else {
      terminal = try TerminalRecorder()
    }
    modesBefore = try terminal.modes()
    child = try ChildProcess(
      executable: ChildProcess.productsDirectory + "/" + executable, input: terminal.follower,
      output: .descriptor(terminal.follower),
      environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
  }

  /// Changes the terminal's size and tells the program, as a terminal emulator does.
  func resize(columns: Int, rows: Int) throws {
    try terminal.resize(to: WindowSize(width: columns, height: rows))
    child.signal(SIGWINCH)
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

  /// Expects the program to have turned mouse reporting on and, after that, off again.
  func expectMouseReportingOff(sourceLocation: SourceLocation = #_sourceLocation) {
    let text = terminal.writtenText
    guard let on = text.ranges(of: "\u{1B}[?1000h").last else {
      Issue.record("mouse reporting was never turned on", sourceLocation: sourceLocation)
      return
    }
    let after = text[on.upperBound...]
    for mode in ["1000", "1006"] {
      #expect(
        after.contains("\u{1B}[?\(mode)l"), "mode \(mode) was left on",
        sourceLocation: sourceLocation)
    }
  }
}

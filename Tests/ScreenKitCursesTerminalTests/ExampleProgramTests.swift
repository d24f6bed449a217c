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

  /// `TerminalProgram`'s `main()` refuses to start with standard output closed: the terminal
  /// it opened would take descriptor 1, and what the program prints would land on the screen.
  @Test func aProgramWithItsStandardOutputClosedRefusesToStart() throws {
    let terminal = try TerminalRecorder()
    defer { terminal.close() }
    let child = try ChildProcess(
      executable: ChildProcess.productsDirectory + "/HelloExample", input: terminal.follower,
      output: .closed, environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
    #expect(child.waitForEnd() == .exited(2))
    #expect(
      child.standardError()
        == "HelloExample: standard output (descriptor 1) is closed; open it, to /dev/null if its output is not wanted\n"
    )
    #expect(terminal.byteCount == 0)
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

  /// The programs that open ncurses themselves and host a screen in a window of theirs.
  static let cursesHosts = [
    CursesHost(
      executable: "EmbeddingExample", title: "A plain ncurses program", key: "x",
      response: "The pane got x"),
    CursesHost(
      executable: "Demo", arguments: ["embed", "--latency", "0"], title: "ncurses host program",
      key: "j", response: "pane took it"),
  ]

  @Test(arguments: cursesHosts)
  func cursesHostGivesTheTerminalBackWhenStoppedAndTakesItAgainWhenContinued(
    host: CursesHost
  ) throws {
    let run = try ExampleRun(executable: host.executable, arguments: host.arguments)
    defer { run.terminal.close() }
    run.expectShows(host.title)
    run.child.signal(SIGTSTP)
    #expect(run.child.waitForStop(timeout: .seconds(10)))
    #expect(try run.terminal.modes() == run.modesBefore)
    let left = waitUntil(timeout: .seconds(10)) {
      let text = run.terminal.writtenText
      guard let entered = text.ranges(of: "\u{1B}[?1049h").last else { return false }
      return text[entered.upperBound...].contains("\u{1B}[?1049l")
    }
    #expect(left, "the alternate screen was not left while stopped")
    let stopped = run.terminal.byteCount
    run.child.signal(SIGCONT)
    // The whole screen again, on the alternate screen, the keys read in the program's modes.
    let redrawn = waitUntil(timeout: .seconds(10)) {
      let text = String(decoding: run.terminal.bytes(from: stopped), as: UTF8.self)
      guard let entered = text.range(of: "\u{1B}[?1049h") else { return false }
      return text[entered.upperBound...].contains(host.title)
    }
    #expect(redrawn, "the continue did not draw the whole screen again")
    #expect(waitUntil(timeout: .seconds(10)) { (try? run.terminal.modes()) != run.modesBefore })
    // NB: the continue flushes what was typed while the terminal was being set up again, as
    // ncurses' own continue does; a key typed right after the redraw was seen lost once in a
    // loop of whole-suite runs under load (cause not yet pinned down), so it is typed until one
    // lands: what this test asks is that the program takes the terminal and its keys again.
    let answered = waitUntil(timeout: .seconds(10)) {
      run.terminal.type(host.key)
      return run.terminal.eventuallyShows(host.response, timeout: .seconds(1))
    }
    #expect(answered, "no key reached the program after the continue")
    try run.expectQuitsWithTheTerminalRestored()
  }

  @Test func embeddingFitsThePaneToTheTerminalAfterAResize() throws {
    let run = try ExampleRun(executable: "EmbeddingExample", columns: 80, rows: 24)
    defer { run.terminal.close() }
    run.expectShows("Pane 80x22")
    try run.resize(columns: 100, rows: 30)
    // NB: the terminal gets only the cells that change.
    run.expectShows("100x28")
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
    run.expectEveryModeSwitchedOffAgain()
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
    run.expectEveryModeSwitchedOffAgain()
  }

  /// A press and a release of the left button at `x`, `y` (0-based), as a terminal with SGR
  /// mouse reporting writes them.
  static func sgrClick(x: Int, y: Int) -> String {
    "\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m"
  }

  @Test(arguments: TerminatingSignalTests.terminating)
  func ansiHostRestoresTheTerminalAndDiesOfEveryTerminatingSignal(signal: Int32) throws {
    // NB: the sanitizers own the crash signals (see Sanitizer).
    if Sanitizer.owns(signal) { return }
    let run = try ExampleRun(executable: "ANSIHostExample", columns: 80, rows: 24)
    defer { run.terminal.close() }
    run.expectShows("Loading…")
    run.child.signal(signal)
    #expect(run.child.waitForEnd() == .signaled(signal, coreDumped: false))
    #expect(try run.terminal.modes() == run.modesBefore)
    run.expectEveryModeSwitchedOffAgain()
  }

  @Test func ansiHostQuitsOnCtrlCWhichRawModeDeliversAsAKey() throws {
    let run = try ExampleRun(executable: "ANSIHostExample", columns: 80, rows: 24)
    defer { run.terminal.close() }
    run.expectShows("Report from load one")
    try run.expectQuitsWithTheTerminalRestored(key: "\u{03}")
    run.expectEveryModeSwitchedOffAgain()
  }

  @Test func ansiHostEndsPromptlyWhenItsTerminalHangsUpWithSIGHUPIgnored() throws {
    // NB: under nohup (SIGHUP ignored) the hangup is only the end of the input.
    let run = try ExampleRun(
      executable: "ANSIHostExample", columns: 80, rows: 24, ignoredSignals: [SIGHUP])
    defer { run.terminal.close() }
    run.expectShows("Report from load one")
    run.terminal.hangUp()
    #expect(run.child.waitForEnd(timeout: .seconds(10)) == .exited(0))
    let processorTime = try #require(run.child.usage?.processorTime)
    #expect(
      processorTime < .milliseconds(500), "the example used \(processorTime) of processor time")
  }

  @Test func ansiHostGivesTheTerminalBackWhenStoppedAndTakesItAgainWhenContinued() throws {
    let run = try ExampleRun(executable: "ANSIHostExample", columns: 80, rows: 24)
    defer { run.terminal.close() }
    run.expectShows("Report from load one")
    run.child.signal(SIGTSTP)
    #expect(run.child.waitForStop(timeout: .seconds(10)))
    #expect(try run.terminal.modes() == run.modesBefore)
    run.expectEveryModeSwitchedOffAgain()
    let stopped = run.terminal.byteCount
    run.child.signal(SIGCONT)
    // The whole screen again, on the alternate screen, the keys read in raw mode.
    let redrawn = waitUntil(timeout: .seconds(10)) {
      let text = String(decoding: run.terminal.bytes(from: stopped), as: UTF8.self)
      guard let entered = text.range(of: "\u{1B}[?1049h") else { return false }
      let after = text[entered.upperBound...]
      return after.contains("A plain ANSI program") && after.contains("Report from load one")
    }
    #expect(redrawn, "the continue did not draw the whole screen again")
    #expect(waitUntil(timeout: .seconds(10)) { (try? run.terminal.modes()) != run.modesBefore })
    run.terminal.type("r")
    run.expectShows("two")
    try run.expectQuitsWithTheTerminalRestored()
    run.expectEveryModeSwitchedOffAgain()
  }
}

/// A program that opens ncurses itself: its own text, and a key its pane answers.
struct CursesHost: Sendable, CustomTestStringConvertible {
  var executable: String
  var arguments: [String] = []
  /// Text the program draws itself, outside the pane.
  var title: String
  /// A key for the pane, and what the terminal then shows.
  var key: String
  var response: String

  var testDescription: String { ([executable] + arguments).joined(separator: " ") }
}

/// One example program started on a fresh pseudo-terminal.
struct ExampleRun {
  let terminal: TerminalRecorder
  let child: ChildProcess
  let modesBefore: TerminalModes

  /// Starts `executable` with `arguments`; with `columns` and `rows`, on a terminal of that size;
  /// with `ignoredSignals` ignored, as a parent (`nohup`) hands them down.
  init(
    executable: String, arguments: [String] = [], columns: Int? = nil, rows: Int? = nil,
    ignoredSignals: [Int32] = []
  ) throws {
    if let columns, let rows {
      terminal = try TerminalRecorder(size: WindowSize(width: columns, height: rows))
    } else {
      terminal = try TerminalRecorder()
    }
    modesBefore = try terminal.modes()
    child = try ChildProcess(
      executable: ChildProcess.productsDirectory + "/" + executable, arguments: arguments,
      input: terminal.follower,
      output: .descriptor(terminal.follower),
      environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"], ignoredSignals: ignoredSignals)
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

  /// Types `key`, which must end the program with status 0 and its terminal as it was.
  func expectQuitsWithTheTerminalRestored(
    key: String = "q", sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    terminal.type(key)
    #expect(child.waitForEnd() == .exited(0), sourceLocation: sourceLocation)
    #expect(try terminal.modes() == modesBefore, sourceLocation: sourceLocation)
    #expect(
      terminal.eventuallyShows("\u{1B}[?1049l"), "the alternate screen was not left",
      sourceLocation: sourceLocation)
  }

  /// Expects every mode the program switched on (the alternate screen, the hidden cursor,
  /// bracketed paste, mouse reporting and its SGR form) switched off after the last time it was
  /// switched on.
  func expectEveryModeSwitchedOffAgain(sourceLocation: SourceLocation = #_sourceLocation) {
    let modes = [
      ("alternate screen", "?1049h", "?1049l"), ("hidden cursor", "?25l", "?25h"),
      ("bracketed paste", "?2004h", "?2004l"), ("mouse reporting", "?1000h", "?1000l"),
      ("SGR mouse encoding", "?1006h", "?1006l"),
    ]
    for (name, on, off) in modes {
      let switchedOff = waitUntil(timeout: .seconds(10)) {
        let text = terminal.writtenText
        guard let last = text.ranges(of: "\u{1B}[" + on).last else { return false }
        return text[last.upperBound...].contains("\u{1B}[" + off)
      }
      #expect(
        switchedOff, "\(name) was never switched on, or left on", sourceLocation: sourceLocation)
    }
  }
}

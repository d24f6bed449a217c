import TerminalProcess
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Every ncurses program in Examples/, the demo and its embed mode, ended by each catchable signal
/// whose default action ends a process: the terminal is put back and the program dies of that
/// signal, as the test host does (``TerminatingSignalTests``).
///
/// An example is code users copy.
@Suite struct ExampleSignalTests {
  /// The example programs that use ncurses, through ScreenKit's session or opening it
  /// themselves, and the text each shows once the terminal is set up.
  static let examples = [
    ("HelloExample", "Hello, ScreenKit!"),
    ("LoadingControllerExample", "did not answer"),
    ("LoadingProtocolExample", "did not answer"),
    ("NavigationExample", "Voyager 1"),
    ("EmbeddingExample", "A ScreenKit screen in the pane"),
  ]

  /// The 19 catchable signals of POSIX whose default action ends the process (signal(7)).
  static let signals: [Int32] = [
    SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV,
    SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS,
  ]

  // NB: one case per program and signal, each short: a test that blocks its thread for long
  // starves the in-process tests that await on the same pool.
  @Test(arguments: examples, signals)
  func aTerminatingSignalRestoresTheTerminal(example: (String, String), signal: Int32) throws {
    // NB: a sanitizer delivers signals at its own safe points; the plain run checks them.
    if Sanitizer.isActive { return }
    let (executable, text) = example
    try expectRestored(by: signal, ExampleRun(executable: executable), showing: text)
  }

  @Test(arguments: signals)
  func aTerminatingSignalRestoresTheTerminalOfTheDemosEmbedMode(signal: Int32) throws {
    if Sanitizer.isActive { return }
    let run = try ExampleRun(executable: "Demo", arguments: ["embed", "--latency", "0"])
    try expectRestored(by: signal, run, showing: "ncurses host program")
  }

  @Test(arguments: signals)
  func aTerminatingSignalRestoresTheTerminalOfTheDemo(signal: Int32) throws {
    if Sanitizer.isActive { return }
    let run = try ExampleRun(executable: "Demo", arguments: ["--latency", "0"])
    try expectRestored(by: signal, run, showing: "Episodes")
  }

  /// Sends `signal` once `run` shows `text`; the program must die of it with its terminal put
  /// back.
  private func expectRestored(by signal: Int32, _ run: ExampleRun, showing text: String) throws {
    defer { run.terminal.close() }
    run.expectShows(text)
    let sent = run.terminal.written.count
    run.child.signal(signal)
    #expect(run.child.waitForEnd() == .signaled(signal, coreDumped: false))
    #expect(try run.terminal.modes() == run.modesBefore)
    let restored = waitUntil(timeout: .seconds(10)) {
      RestoreSequences.missing(from: run.terminal.written.dropFirst(sent)).isEmpty
    }
    #expect(restored, "the terminal was not put back")
  }
}

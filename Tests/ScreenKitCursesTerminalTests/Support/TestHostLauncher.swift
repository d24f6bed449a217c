import TerminalProcess
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Starts the test host (ScreenKitCursesTestHost) on pseudo-terminals for the terminal tests.
enum TestHostLauncher {
  /// The test host's executable, built next to the test bundle.
  static let executable = ChildProcess.productsDirectory + "/" + "ScreenKitCursesTestHost"

  /// Starts the host in `mode` with `arguments` on a fresh pty, waits until its first frame is
  /// on the terminal, and returns the pty, the child and the modes from before it started.
  ///
  /// Standard error goes to the pty too when `errorOnTerminal` is set, as in a shell.
  static func start(
    mode: String = "spinner", arguments: [String] = [], environment: [String: String] = [:],
    errorOnTerminal: Bool = false, blockedSignals: [Int32] = [], ignoredSignals: [Int32] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (TerminalRecorder, ChildProcess, TerminalModes) {
    let terminal = try TerminalRecorder()
    let before = try terminal.modes()
    let child = try ChildProcess(
      executable: executable, arguments: [mode] + arguments, input: terminal.follower,
      output: .descriptor(terminal.follower),
      error: errorOnTerminal ? .descriptor(terminal.follower) : .captured,
      environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"].merging(environment) { $1 },
      blockedSignals: blockedSignals, ignoredSignals: ignoredSignals)
    let ready = terminal.eventuallyShows("READY", timeout: .seconds(20))
    #expect(ready, "the host never drew its first frame", sourceLocation: sourceLocation)
    #expect(
      try terminal.modes() != before, "the host did not change the terminal's modes",
      sourceLocation: sourceLocation)
    return (terminal, child, before)
  }
}

/// What a restored terminal received last: every mode a session may turn on switched off,
/// attributes reset, the cursor shown and the alternate screen left.
enum RestoreSequences {
  static let required = [
    "\u{1B}[?2004l", "\u{1B}[?1000l", "\u{1B}[?1002l", "\u{1B}[?1003l", "\u{1B}[?1006l",
    "\u{1B}[?1004l", attributesReset, "\u{1B}[?25h", "\u{1B}[?1049l",
  ]

  /// The attribute reset, which ncurses itself sends after each frame rather than at close.
  static let attributesReset = "\u{1B}(B\u{1B}[m"

  /// The sequences of ``required`` missing from `bytes`, but `attributesReset` when
  /// `attributes` is false.
  static func missing(from bytes: some Collection<UInt8>, attributes: Bool = true) -> [String] {
    let text = String(decoding: bytes, as: UTF8.self)
    return required.filter { !text.contains($0) && (attributes || $0 != attributesReset) }
  }
}

/// Whether the process ended as the sanitizer does when it owns a signal itself (thread
/// sanitizer builds); the tests that send such a signal then have nothing to check.
func endedInsideTheSanitizer(_ ending: WaitStatus?, _ child: ChildProcess) -> Bool {
  ending == .exited(66) && child.standardError().contains("ThreadSanitizer")
}

import TerminalProcess
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a program writes to standard error while its session covers the screen is shown on
/// the main screen once the terminal is put back, crash or not; and a crash does not wait
/// for a key.
@Suite struct CrashMessageTests {
  /// The text written after the last exit from the alternate screen.
  private func textAfterTheAlternateScreen(_ terminal: TerminalRecorder) -> String {
    let text = terminal.writtenText
    guard let exit = text.range(of: "\u{1B}[?1049l", options: .backwards) else { return "" }
    return String(text[exit.upperBound...])
  }

  @Test(.disabled(if: Sanitizer.isActive, "the sanitizers own the crash signals"))
  func aTrapMessageIsReadableOnTheMainScreenAndNoKeyIsAwaited() throws {
    // NB: Swift's backtracer on, as for a user: it is interactive on a terminal.
    let (terminal, child, _) = try TestHostLauncher.start(
      environment: ["SWIFT_BACKTRACE": "enable=yes"], errorOnTerminal: true)
    defer { terminal.close() }
    let clock = ContinuousClock()
    let start = clock.now
    terminal.type("t")
    let ending = child.waitForEnd(timeout: .seconds(25))
    // The backtracer waits 30 s for a key when it is interactive.
    #expect(clock.now - start < .seconds(25))
    #expect(ending == .signaled(SIGILL, coreDumped: false))
    let shown = waitUntil(timeout: .seconds(10)) {
      textAfterTheAlternateScreen(terminal).contains("Fatal error: forced trap")
    }
    #expect(shown, "after the alternate screen: \(textAfterTheAlternateScreen(terminal))")
  }

  @Test func aQuitShowsWhatWasWrittenToStandardErrorDuringTheSession() throws {
    let (terminal, child, before) = try TestHostLauncher.start(errorOnTerminal: true)
    defer { terminal.close() }
    terminal.type("e")
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(try terminal.modes() == before)
    let shown = waitUntil(timeout: .seconds(10)) {
      textAfterTheAlternateScreen(terminal).contains("written during the session")
        && textAfterTheAlternateScreen(terminal).contains("frames=")
    }
    #expect(shown, "after the alternate screen: \(textAfterTheAlternateScreen(terminal))")
    let text = terminal.writtenText
    #expect(text.components(separatedBy: "written during the session").count == 2)
  }
}

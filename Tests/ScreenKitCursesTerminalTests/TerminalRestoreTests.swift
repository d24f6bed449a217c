import Foundation
import TerminalProcess
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A ScreenKit program (the test host) on a pseudo-terminal: however it ends, the terminal's
/// modes are what they were before it started, and its exit status tells how it ended.
@Suite struct TerminalRestoreTests {
  @Test func signalsBlockedByTheParentStillRestoreTheTerminal() throws {
    let (terminal, child, before) = try TestHostLauncher.start(blockedSignals: [
      SIGTERM, SIGINT, SIGWINCH,
    ])
    defer { terminal.close() }
    child.signal(SIGTERM)
    #expect(child.waitForEnd() == .signaled(SIGTERM, coreDumped: false))
    #expect(try terminal.modes() == before)
  }

  @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
  func terminatingSignalRestoresModesAndEndsWithThatSignal(signal: Int32) throws {
    let (terminal, child, before) = try TestHostLauncher.start()
    defer { terminal.close() }
    child.signal(signal)
    #expect(child.waitForEnd() == .signaled(signal, coreDumped: false))
    #expect(try terminal.modes() == before)
    #expect(terminal.eventuallyShows("\u{1B}[?1049l"), "the alternate screen was not left")
  }

  @Test(
    .disabled(if: Sanitizer.isActive, "the sanitizers own the crash signals"),
    arguments: [("t", SIGILL), ("s", SIGSEGV), ("a", SIGABRT)])
  func crashRestoresModesAndEndsWithTheCrashSignal(key: String, signal: Int32) throws {
    let (terminal, child, before) = try TestHostLauncher.start()
    defer { terminal.close() }
    terminal.type(key)
    let ending = child.waitForEnd()
    #expect(ending == .signaled(signal, coreDumped: false))
    #expect(try terminal.modes() == before)
    #expect(terminal.eventuallyShows("\u{1B}[?25h"), "the cursor was not shown again")
  }

  @Test func quitKeyReturnsFromRunAndExitsNormallyWithModesRestored() throws {
    let (terminal, child, before) = try TestHostLauncher.start()
    defer { terminal.close() }
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(try terminal.modes() == before)
    #expect(child.standardError().hasPrefix("frames="))
  }

  @Test func aSessionChangesTheCharacterTypeLocaleOnly() throws {
    let (terminal, child, _) = try TestHostLauncher.start(environment: ["LANG": "C.UTF-8"])
    defer { terminal.close() }
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    // NB: numbers, dates and collation stay as the host program set them (here: never).
    #expect(child.standardError().contains("locale numeric=C ctype=C.UTF-8"))
  }

  @Test func stopRestoresModesAndContinueSetsThemUpAgain() throws {
    let (terminal, child, before) = try TestHostLauncher.start(mode: "idle")
    defer { terminal.close() }
    let during = try terminal.modes()
    child.signal(SIGTSTP)
    #expect(child.waitForStop(timeout: .seconds(10)))
    #expect(try terminal.modes() == before)
    let written = terminal.written.count
    child.signal(SIGCONT)
    let redrawn = waitUntil(timeout: .seconds(10)) {
      (try? terminal.modes()) == during
        && String(decoding: terminal.written.dropFirst(written), as: UTF8.self).contains("READY")
    }
    #expect(redrawn)
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(try terminal.modes() == before)
  }

  @Test func outputToFileFailsWithOneLineAndExitCode2() throws {
    let terminal = try TerminalRecorder()
    defer { terminal.close() }
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenkit-notty-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
      .path
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    defer {
      close(file)
      unlink(path)
    }
    let child = try ChildProcess(
      executable: TestHostLauncher.executable, input: terminal.follower, output: .descriptor(file),
      environment: ["TERM": "xterm-256color"])
    #expect(child.waitForEnd() == .exited(2))
    let message = child.standardError()
    #expect(message.split(separator: "\n").count == 1)
    #expect(message.contains("standard output (fd 1) is not a terminal"))
    #expect(try String(contentsOfFile: path, encoding: .utf8).isEmpty)
  }
}

import TerminalProcess
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Deaths no signal handler of the program can see (SIGKILL, as from the OOM killer; a stack
/// overflow on a thread without an alternate signal stack) still leave the terminal as it
/// was, and leave no process behind.
@Suite struct UnseenDeathTests {
  private func expectRestored(
    _ terminal: TerminalRecorder, since sent: Int, modes before: TerminalModes,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let restored = waitUntil(timeout: .seconds(10)) {
      (try? terminal.modes()) == before
        && String(decoding: terminal.written.dropFirst(sent), as: UTF8.self).contains(
          "\u{1B}[?1049l")
    }
    #expect(restored, "modes or alternate screen not restored", sourceLocation: sourceLocation)
    #expect(
      RestoreSequences.missing(from: terminal.written.dropFirst(sent)).isEmpty,
      sourceLocation: sourceLocation)
  }

  @Test func sigkillStillRestoresTheTerminalAndLeavesNoProcess() throws {
    let (terminal, child, before) = try TestHostLauncher.start()
    defer { terminal.close() }
    let sent = terminal.written.count
    child.signal(SIGKILL)
    #expect(child.waitForEnd() == .signaled(SIGKILL, coreDumped: false))
    expectRestored(terminal, since: sent, modes: before)
    #expect(waitUntil(timeout: .seconds(10)) { child.processesInGroup().isEmpty })
  }

  @Test(.disabled(if: Sanitizer.isActive, "the sanitizers own the crash signals"))
  func stackOverflowOnAnotherThreadStillRestoresTheTerminal() throws {
    let (terminal, child, before) = try TestHostLauncher.start()
    defer { terminal.close() }
    let sent = terminal.written.count
    terminal.type("o")
    let ending = child.waitForEnd()
    if endedInsideTheSanitizer(ending, child) { return }
    #expect(ending == .signaled(SIGSEGV, coreDumped: false))
    expectRestored(terminal, since: sent, modes: before)
    #expect(waitUntil(timeout: .seconds(10)) { child.processesInGroup().isEmpty })
  }

  @Test func aCleanQuitLeavesNoProcessNotEvenAZombie() throws {
    let (terminal, child, before) = try TestHostLauncher.start()
    defer { terminal.close() }
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(try terminal.modes() == before)
    #expect(child.processesInGroup(zombies: true).isEmpty)
  }
}

import TerminalProcess
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Every catchable signal whose default action ends the process, sent to the test host on a
/// pty: the terminal is put back (modes byte-identical, every mode a session may turn on off,
/// alternate screen left, cursor shown) and the process dies of that same signal, unless the
/// program had chosen otherwise for it.
@Suite struct TerminatingSignalTests {
  /// From the table of default actions (signal(7)): "Term" and "Core", but SIGKILL, which
  /// cannot be caught, and the real-time signals, which all terminate.
  static let terminating: [Int32] = {
    var signals = [
      SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV,
      SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS,
    ]
    #if os(Linux)
      signals += [SIGSTKFLT, SIGIO, SIGPWR]
    #endif
    #if canImport(Darwin)
      signals.append(SIGEMT)
    #endif
    #if canImport(Glibc)
      signals += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    #endif
    return signals
  }()

  @Test(arguments: terminating)
  func signalRestoresTheTerminalAndEndsTheProcessWithIt(signal: Int32) throws {
    // NB: a sanitizer delivers signals at its own safe points, late on a busy machine; the
    // plain run checks every signal, the sanitizer runs check the code for races and leaks.
    if Sanitizer.isActive { return }
    let (terminal, child, before) = try TestHostLauncher.start()
    defer { terminal.close() }
    let sent = terminal.written.count
    child.signal(signal)
    let ending = child.waitForEnd()
    if endedInsideTheSanitizer(ending, child) { return }
    #expect(ending == .signaled(signal, coreDumped: false))
    #expect(try terminal.modes() == before)
    let restored = waitUntil(timeout: .seconds(10)) {
      RestoreSequences.missing(from: terminal.written.dropFirst(sent)).isEmpty
    }
    #expect(
      restored, "missing: \(RestoreSequences.missing(from: terminal.written.dropFirst(sent)))")
  }

  @Test(arguments: [SIGPIPE, SIGHUP, SIGUSR1, SIGTERM])
  func aSignalTheParentIgnoredStaysIgnored(signal: Int32) throws {
    let (terminal, child, before) = try TestHostLauncher.start(ignoredSignals: [signal])
    defer { terminal.close() }
    child.signal(signal)
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(try terminal.modes() == before)
  }

  @Test func aSignalTheProgramIgnoresStaysIgnored() throws {
    let (terminal, child, before) = try TestHostLauncher.start(arguments: ["--ignore=\(SIGPIPE)"])
    defer { terminal.close() }
    child.signal(SIGPIPE)
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(try terminal.modes() == before)
  }

  @Test(arguments: [SIGUSR1, SIGALRM])
  func aHandlerTheProgramInstalledKeepsItsSignal(signal: Int32) throws {
    let (terminal, child, before) = try TestHostLauncher.start(arguments: ["--handle=\(signal)"])
    defer { terminal.close() }
    child.signal(signal)
    #expect(terminal.eventuallyShows("handled \(signal)"), "the program's handler did not run")
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(try terminal.modes() == before)
  }

  @Test func aNormalQuitAlsoSwitchesOffEveryModeASessionMayTurnOn() throws {
    let (terminal, child, before) = try TestHostLauncher.start()
    defer { terminal.close() }
    let sent = terminal.written.count
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(try terminal.modes() == before)
    let restored = waitUntil(timeout: .seconds(10)) {
      RestoreSequences.missing(from: terminal.written.dropFirst(sent), attributes: false).isEmpty
    }
    let missing = RestoreSequences.missing(
      from: terminal.written.dropFirst(sent), attributes: false)
    #expect(restored, "missing: \(missing)")
  }
}

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

/// Mouse reporting on a pseudo-terminal: on while a session runs, delivered to screens, and
/// off again however the program ends, so no shell is left receiving mouse escape codes.
@Suite struct MouseReportingTests {
  static let on = ["\u{1B}[?1000h", "\u{1B}[?1006h"]
  static let off = ["\u{1B}[?1000l", "\u{1B}[?1002l", "\u{1B}[?1003l", "\u{1B}[?1006l"]

  /// How the program ends: a key, or a signal.
  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case quitKey, interrupt, terminate, crash, kill
    var testDescription: String { rawValue }
  }

  private func text(_ bytes: some Collection<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  @Test(arguments: Ending.allCases)
  func reportingIsOnWhileRunningAndOffAfterTheProgramEnds(ending: Ending) throws {
    let (terminal, child, before) = try TestHostLauncher.start()
    defer { terminal.close() }
    let turnedOn = waitUntil(timeout: .seconds(10)) {
      Self.on.allSatisfy(text(terminal.written).contains)
    }
    #expect(turnedOn, "mouse reporting was not turned on")
    let sent = terminal.written.count
    switch ending {
    case .quitKey:
      terminal.type("q")
      #expect(child.waitForEnd() == .exited(0))
    case .interrupt:
      child.signal(SIGINT)
      #expect(child.waitForEnd() == .signaled(SIGINT, coreDumped: false))
    case .terminate:
      child.signal(SIGTERM)
      #expect(child.waitForEnd() == .signaled(SIGTERM, coreDumped: false))
    case .crash:
      terminal.type("s")
      let end = child.waitForEnd()
      if endedInsideTheSanitizer(end, child) { return }
      #expect(end == .signaled(SIGSEGV, coreDumped: false))
    case .kill:
      child.signal(SIGKILL)
      #expect(child.waitForEnd() == .signaled(SIGKILL, coreDumped: false))
    }
    let turnedOff = waitUntil(timeout: .seconds(10)) {
      Self.off.allSatisfy(text(terminal.written.dropFirst(sent)).contains)
    }
    #expect(
      turnedOff,
      "mouse reporting was left on: \(text(terminal.written.dropFirst(sent)).debugDescription)")
    #expect(waitUntil(timeout: .seconds(10)) { (try? terminal.modes()) == before })
    // Nothing turns it on again after it was turned off.
    let after = text(terminal.written.dropFirst(sent))
    if let lastOff = after.range(of: "\u{1B}[?1000l", options: .backwards) {
      #expect(!after[lastOff.upperBound...].contains("\u{1B}[?1000h"))
    }
  }

  @Test func aClickOnTheTerminalReachesTheScreenUnderIt() throws {
    let (terminal, child, _) = try TestHostLauncher.start(mode: "echo")
    defer { terminal.close() }
    terminal.type("\u{1B}[<0;8;4M\u{1B}[<0;8;4m")
    #expect(terminal.eventuallyShows("CLICK-7-3"))
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(child.standardError().contains("received=0"), "the report leaked as keys")
  }

  @Test func withTheMouseOptionOffReportingIsNeverTurnedOn() throws {
    let (terminal, child, _) = try TestHostLauncher.start(arguments: ["--no-mouse"])
    defer { terminal.close() }
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    let written = text(terminal.written)
    #expect(!written.contains("\u{1B}[?1000h"))
    #expect(!written.contains("\u{1B}[?1006h"))
    #expect(written.contains("\u{1B}[?2004h"), "bracketed paste stays on")
  }

  @Test func continuingAfterAStopTurnsReportingOnAgain() throws {
    let (terminal, child, _) = try TestHostLauncher.start(mode: "idle")
    defer { terminal.close() }
    child.signal(SIGTSTP)
    #expect(child.waitForStop(timeout: .seconds(10)))
    // NB: the stop handler switched the modes off before the process stopped; the bytes may
    // still be on their way through the pty, so wait for them rather than read at once.
    #expect(waitUntil(timeout: .seconds(10)) { text(terminal.written).contains("\u{1B}[?1000l") })
    let stopped = terminal.written.count
    child.signal(SIGCONT)
    #expect(
      waitUntil(timeout: .seconds(10)) {
        Self.on.allSatisfy(text(terminal.written.dropFirst(stopped)).contains)
      })
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
  }
}

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

/// Focus reporting (DEC private mode 1004) on a pseudo-terminal: on while a session runs, full
/// screen and inline, its reports delivered to screens and never as keys, and off again
/// however the program ends, so no shell is left receiving `ESC [ I` and `ESC [ O`.
@Suite struct FocusReportingTests {
  static let on = "\u{1B}[?1004h"
  static let off = "\u{1B}[?1004l"

  /// How the program ends: a key, or a signal.
  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case quitKey, interrupt, terminate, kill
    var testDescription: String { rawValue }
  }

  static let cases: [([String], Ending)] = [[], ["--inline=4"]].flatMap { viewport in
    Ending.allCases.map { (viewport, $0) }
  }

  private func text(_ bytes: some Collection<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  @Test(arguments: cases)
  func reportingIsOnWhileRunningAndOffAfterTheProgramEnds(viewport: [String], ending: Ending)
    throws
  {
    let (terminal, child, before) = try TestHostLauncher.start(arguments: viewport)
    defer { terminal.close() }
    #expect(
      waitUntil(timeout: .seconds(10)) { text(terminal.written).contains(Self.on) },
      "focus reporting was not turned on")
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
    case .kill:
      // NB: no handler sees SIGKILL: the guardian process restores.
      child.signal(SIGKILL)
      #expect(child.waitForEnd() == .signaled(SIGKILL, coreDumped: false))
    }
    let turnedOff = waitUntil(timeout: .seconds(10)) {
      text(terminal.written.dropFirst(sent)).contains(Self.off)
    }
    #expect(
      turnedOff,
      "focus reporting was left on: \(text(terminal.written.dropFirst(sent)).debugDescription)")
    #expect(waitUntil(timeout: .seconds(10)) { (try? terminal.modes()) == before })
    // Nothing turns it on again after it was turned off.
    let after = text(terminal.written.dropFirst(sent))
    if let lastOff = after.range(of: Self.off, options: .backwards) {
      #expect(!after[lastOff.upperBound...].contains(Self.on))
    }
  }

  @Test(arguments: [[], ["--inline=6"]])
  func reportsReachTheScreensAndAreNoKeys(viewport: [String]) throws {
    let (terminal, child, _) = try TestHostLauncher.start(mode: "echo", arguments: viewport)
    defer { terminal.close() }
    terminal.type("\u{1B}[O")
    #expect(terminal.eventuallyShows("FOCUS-OUT-1"))
    // Cut between two writes, as a slow link delivers it.
    terminal.type("\u{1B}[")
    terminal.type("I")
    #expect(terminal.eventuallyShows("FOCUS-IN-2"))
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    let report = child.standardError()
    #expect(report.contains("received=0"), "a report leaked as keys: \(report)")
    #expect(report.contains("escapes=0 focus-changes=2"), "\(report)")
  }

  @Test func afterAContinueTheTerminalCountsAsFocused() throws {
    let (terminal, child, _) = try TestHostLauncher.start(mode: "echo")
    defer { terminal.close() }
    terminal.type("\u{1B}[O")
    #expect(terminal.eventuallyShows("FOCUS-OUT-1"))
    // NB: no report comes when reporting is back on; whoever typed `fg` is at the terminal.
    child.signal(SIGTSTP)
    #expect(child.waitForStop(timeout: .seconds(10)))
    child.signal(SIGCONT)
    #expect(terminal.eventuallyShows("FOCUS-IN-2"))
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
  }

  @Test func withTheOptionOffReportingIsNeverTurnedOnButStillSwitchedOff() throws {
    let (terminal, child, _) = try TestHostLauncher.start(arguments: ["--no-focus"])
    defer { terminal.close() }
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    // NB: the recorder drains the pty on its own thread: the restore's bytes may still be on
    // their way when the child has ended.
    #expect(terminal.eventuallyShows(Self.off), "the restore switches every mode off")
    let written = text(terminal.written)
    #expect(!written.contains(Self.on))
    #expect(written.contains("\u{1B}[?1000h"), "mouse reporting stays on")
  }

  @Test(arguments: [[], ["--inline=4"]])
  func aStopSwitchesReportingOffAndTheContinueOnAgain(viewport: [String]) throws {
    let (terminal, child, _) = try TestHostLauncher.start(mode: "idle", arguments: viewport)
    defer { terminal.close() }
    #expect(waitUntil(timeout: .seconds(10)) { text(terminal.written).contains(Self.on) })
    let running = terminal.written.count
    child.signal(SIGTSTP)
    #expect(child.waitForStop(timeout: .seconds(10)))
    #expect(
      waitUntil(timeout: .seconds(10)) {
        text(terminal.written.dropFirst(running)).contains(Self.off)
      })
    let stopped = terminal.written.count
    child.signal(SIGCONT)
    #expect(
      waitUntil(timeout: .seconds(10)) {
        text(terminal.written.dropFirst(stopped)).contains(Self.on)
      })
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
  }
}

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

/// A terminating signal handled on one thread while the main actor draws on another.
///
/// The restore is the last thing on the terminal: nothing of a frame lands after it on the
/// shell's screen, not even an erase (`ESC [ J`), however long the process takes to die.
@Suite struct SignalDuringFrameTests {
  /// `bytes` without escape sequences: what a user would see as text.
  private func visibleText(_ bytes: some Collection<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.replacingOccurrences(
      of: "\u{1B}(\\[[0-9;?>=]*[ -/]*[@-~]|[()][0-9A-Za-z]|[=>78])", with: "",
      options: .regularExpression)
  }

  @Test func aCrashOnAnotherThreadLeavesNothingOfTheFramesAfterTheRestore() throws {
    // NB: a sanitizer reports the abort its own way; the plain build checks this.
    if Sanitizer.isActive { return }
    // SIGABRT, handled on a thread other than the one drawing a frame every 5 ms; the
    // program's crash handler then takes half a second after the restore, as a crash reporter
    // does.
    let (terminal, child, before) = try TestHostLauncher.start(
      mode: "flood", arguments: ["--slow-handler=\(SIGABRT)"])
    defer { terminal.close() }
    child.signal(SIGABRT)
    let ending = child.waitForEnd()
    if endedInsideTheSanitizer(ending, child) { return }
    #expect(ending == .signaled(SIGABRT, coreDumped: false))
    #expect(try terminal.modes() == before)
    terminal.waitForQuiet()
    let text = terminal.writtenText
    let exit = try #require(text.range(of: "\u{1B}[?1049l", options: .backwards))
    let after = String(text[exit.upperBound...])
    let stray = visibleText(Array(after.utf8)).filter { !$0.isWhitespace }
    let erases = after.ranges(of: /\x1B\[[0-9;]*[JKX]/).count
    #expect(
      stray.isEmpty && erases == 0 && !after.contains("\u{1B}[?1049h"),
      "written after the restore: \(after.debugDescription.prefix(300))")
  }

  @Test func aStopWhileACrashIsReportedDrawsNothingMoreAfterTheContinue() throws {
    if Sanitizer.isActive { return }
    // Ctrl-Z and fg while the crash handler runs, after the restore: the program must not set
    // the terminal up and draw again, as it does after an ordinary continue.
    let (terminal, child, before) = try TestHostLauncher.start(
      mode: "flood", arguments: ["--slow-handler=\(SIGABRT)"])
    defer { terminal.close() }
    let sent = terminal.byteCount
    child.signal(SIGABRT)
    #expect(
      waitUntil(timeout: .seconds(10)) {
        String(decoding: terminal.bytes(from: sent), as: UTF8.self).contains("\u{1B}[?1049l")
      }, "no restore")
    child.signal(SIGTSTP)
    if child.waitForStop(timeout: .seconds(2)) { child.signal(SIGCONT) }
    let ending = child.waitForEnd()
    if endedInsideTheSanitizer(ending, child) { return }
    #expect(ending == .signaled(SIGABRT, coreDumped: false))
    #expect(try terminal.modes() == before)
    terminal.waitForQuiet()
    let text = terminal.writtenText
    let exit = try #require(text.range(of: "\u{1B}[?1049l", options: .backwards))
    let after = String(text[exit.upperBound...])
    let stray = visibleText(Array(after.utf8)).filter { !$0.isWhitespace }
    #expect(
      stray.isEmpty && !after.contains("\u{1B}[?1049h") && !after.contains("\u{1B}[?2004h"),
      "written after the restore: \(after.debugDescription.prefix(300))")
  }
}

/// The same race inline, where a frame moves the cursor relative to where it rests: a frame
/// write that entered the kernel just before the handler diverted the frames must not land
/// after the restore, or the shell's prompt starts where that frame moved the cursor.
extension SignalDuringFrameTests {
  @Test func aTerminatingSignalOnAnotherThreadLeavesNothingOfAnInlineFrameAfterTheRestore()
    throws
  {
    if Sanitizer.isActive { return }
    for attempt in 1...10 {
      // SIGABRT, handled on a thread other than the one drawing a frame every 5 ms.
      let (terminal, child, _) = try TestHostLauncher.start(
        mode: "flood", arguments: ["--inline=8", "--slow-handler=\(SIGABRT)"])
      defer { terminal.close() }
      _ = waitUntil(timeout: .seconds(10)) { terminal.byteCount > 4096 }
      child.signal(SIGABRT)
      let ending = child.waitForEnd()
      if endedInsideTheSanitizer(ending, child) { return }
      #expect(ending == .signaled(SIGABRT, coreDumped: false))
      // NB: all of the restore, which ends by showing the cursor, then whatever came after
      // it: on a busy machine the recorder may read it in pieces, later than the program's end.
      let restored = waitUntil(timeout: .seconds(10)) {
        let text = terminal.writtenText
        guard let clear = text.range(of: "\u{1B}[J", options: .backwards) else { return false }
        return text[clear.upperBound...].contains("\u{1B}[?25h")
      }
      terminal.waitForQuiet()
      let text = terminal.writtenText
      // NB: the restore ends the region with an erase below the cursor, then only resets
      // styles, modes and the keypad, at the line's start; a frame cut short after it would
      // move the cursor or write cells.
      let clear = try #require(text.range(of: "\u{1B}[J", options: .backwards))
      let rest = String(text[clear.upperBound...])
        .replacing(/\x1B\[[0-9;]*m|\x1B\[\?[0-9;]*[hl]|\x1B\(B|\x1B[>=]|\r/, with: "")
      #expect(
        rest.isEmpty,
        """
        attempt \(attempt), written after the restore: \(rest.debugDescription.prefix(300)); \
        restore seen whole: \(restored); the end: \(String(text.suffix(400)).debugDescription)
        """)
      if !rest.isEmpty { break }
    }
  }
}

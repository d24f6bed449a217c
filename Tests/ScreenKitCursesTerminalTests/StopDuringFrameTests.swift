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

/// Ctrl-Z (SIGTSTP) arriving while a frame is being written: the frame ends on the program's
/// own screen, then the terminal is put back and the program stops; nothing of the frame
/// lands on the shell's screen after `fg`, and the screen is drawn again in full.
@Suite struct StopDuringFrameTests {
  /// `bytes` without escape sequences: what a user would see as text.
  private func visibleText(_ bytes: some Collection<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.replacingOccurrences(
      of: "\u{1B}(\\[[0-9;?>=]*[ -/]*[@-~]|[()][0-9A-Za-z]|[=>78])", with: "",
      options: .regularExpression)
  }

  @Test func aStopDuringAFrameWaitsForTheFrameAndContinueRedrawsEverything() throws {
    let (terminal, child, before) = try TestHostLauncher.start(mode: "flood")
    defer { terminal.close() }
    for round in 1...2 {
      // A slow terminal: the program blocks in the middle of writing a frame.
      terminal.pauseDraining()
      #expect(waitUntil(timeout: .seconds(10)) { child.isBlockedInWrite() }, "round \(round)")
      child.signal(SIGTSTP)
      terminal.resumeDraining()
      #expect(child.waitForStop(timeout: .seconds(10)), "round \(round)")
      #expect(try terminal.modes() == before)
      // Everything written before the stop has arrived once it ends with the restore.
      let arrived = waitUntil(timeout: .seconds(10)) {
        let text = terminal.writtenText
        guard let exit = text.range(of: "\u{1B}[?1049l", options: .backwards),
          let enter = text.range(of: "\u{1B}[?1049h", options: .backwards),
          enter.lowerBound < exit.lowerBound
        else { return false }
        return visibleText(Array(text[exit.upperBound...].utf8)).allSatisfy(\.isWhitespace)
      }
      #expect(arrived, "round \(round): the stop did not end with the terminal put back")
      let stopped = terminal.written.count

      child.signal(SIGCONT)
      let redrawn = waitUntil(timeout: .seconds(10)) {
        let text = String(decoding: terminal.written.dropFirst(stopped), as: UTF8.self)
        guard let enter = text.range(of: "\u{1B}[?1049h") else { return false }
        return text[enter.upperBound...].contains("READY")
      }
      #expect(redrawn, "round \(round): the screen was not drawn again after SIGCONT")
      let text = String(decoding: terminal.written.dropFirst(stopped), as: UTF8.self)
      let beforeReentry =
        text.range(of: "\u{1B}[?1049h").map { String(text[..<$0.lowerBound]) } ?? text
      let stray = visibleText(Array(beforeReentry.utf8)).filter { !$0.isWhitespace }
      #expect(stray.isEmpty, "round \(round): written onto the shell's screen: \(stray)")
    }
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(try terminal.modes() == before)
  }
}

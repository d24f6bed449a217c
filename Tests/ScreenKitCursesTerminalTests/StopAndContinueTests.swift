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

/// Ctrl-Z (SIGTSTP) and `fg` (SIGCONT) at every moment that matters.
///
/// During start-up, between start-up and the first frame, in the middle of a bracketed paste,
/// with keys typed while the terminal was the shell's: the shell always gets its terminal back
/// as it had it; after the continue the program has its modes again, draws its whole screen
/// and reads only what was typed to it.
@Suite struct StopAndContinueTests {
  private static let enter = "\u{1B}[?1049h"
  private static let leave = "\u{1B}[?1049l"

  /// `bytes` without escape sequences: what a user would see as text.
  private func visibleText(_ bytes: some Collection<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.replacingOccurrences(
      of: "\u{1B}(\\[[0-9;?>=]*[ -/]*[@-~]|[()][0-9A-Za-z]|[=>78])", with: "",
      options: .regularExpression)
  }

  private static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// Whether the last time the program left its screen (the restore), nothing after it was
  /// drawn on the shell's screen: no text, no erase.
  private func endsRestored(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let exit = text.range(of: Self.leave, options: .backwards) else { return false }
    if let enter = text.range(of: Self.enter, options: .backwards),
      enter.lowerBound > exit.lowerBound
    {
      return false
    }
    let after = String(text[exit.upperBound...])
    return visibleText(Array(after.utf8)).allSatisfy(\.isWhitespace)
      && after.range(of: "\u{1B}\\[[0-9;]*[JKX]", options: .regularExpression) == nil
  }

  /// After `offset`: the screen entered again and `text` drawn on it.
  private func redrawn(_ terminal: TerminalRecorder, after offset: Int, showing text: String)
    -> Bool
  {
    waitUntil(timeout: .seconds(10)) {
      let written = String(decoding: terminal.bytes(from: offset), as: UTF8.self)
      guard let enter = written.range(of: Self.enter) else { return false }
      return written[enter.upperBound...].contains(text)
    }
  }

  /// Stops the child with SIGTSTP and waits until it is stopped and its restore arrived.
  private func stop(
    _ child: ChildProcess, _ terminal: TerminalRecorder, before: TerminalModes,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    child.signal(SIGTSTP)
    #expect(child.waitForStop(timeout: .seconds(10)), sourceLocation: sourceLocation)
    #expect(try terminal.modes() == before, sourceLocation: sourceLocation)
    let restored = waitUntil(timeout: .seconds(10)) { endsRestored(terminal.written) }
    #expect(
      restored, "the stop did not end with the terminal put back", sourceLocation: sourceLocation)
  }

  @Test func keysTypedWhileStoppedAreTheShellsAndNeverReachTheProgram() throws {
    let (terminal, child, before) = try TestHostLauncher.start(mode: "echo")
    defer { terminal.close() }
    try stop(child, terminal, before: before)
    // The terminal is the shell's: it echoes and edits these as a line, which never ends. The
    // start of a key sequence among them would swallow the first key typed after `fg`.
    let typed = terminal.byteCount
    terminal.type("ab\u{1B}[5")
    let echoed = waitUntil(timeout: .seconds(10)) {
      String(decoding: terminal.bytes(from: typed), as: UTF8.self).contains("ab^[[5")
    }
    #expect(echoed, "the shell's terminal did not echo what was typed")
    let stopped = terminal.byteCount
    child.signal(SIGCONT)
    #expect(redrawn(terminal, after: stopped, showing: "READY"))
    terminal.type("x")
    terminal.type("q")
    #expect(
      child.waitForEnd(timeout: .seconds(10)) == .exited(0), "q after the continue did not quit")
    let report = child.standardError()
    #expect(report.contains("received=1 hash=\(Self.fnv1a("x")) pastes=0 escapes=0"), "\(report)")
    #expect(try terminal.modes() == before)
  }

  @Test func aPasteCutShortByAStopEndsAtTheContinue() throws {
    let (terminal, child, before) = try TestHostLauncher.start(mode: "echo")
    defer { terminal.close() }
    #expect(terminal.eventuallyShows("\u{1B}[?2004h"), "bracketed paste was not turned on")
    // A paste with a Ctrl-Z in it: the terminal stops the program part-way, and the rest of
    // the paste, its closing bracket with it, goes to the shell.
    terminal.write(Array("\u{1B}[200~cut".utf8))
    #expect(Self.waitUntilRead(terminal), "the host did not read the start of the paste")
    try stop(child, terminal, before: before)
    let stopped = terminal.byteCount
    child.signal(SIGCONT)
    #expect(redrawn(terminal, after: stopped, showing: "READY"))
    terminal.type("x")
    terminal.type("q")
    #expect(
      child.waitForEnd(timeout: .seconds(10)) == .exited(0), "q after the continue did not quit")
    let report = child.standardError()
    #expect(report.contains("received=4 hash=\(Self.fnv1a("cutx")) pastes=1"), "\(report)")
  }

  @Test func aStopBeforeTheFirstFrameLeavesTheShellsTerminalAndFgDrawsTheScreen() throws {
    let terminal = try TerminalRecorder()
    defer { terminal.close() }
    let before = try terminal.modes()
    let child = try ChildProcess(
      executable: TestHostLauncher.executable, arguments: ["idle", "--stop-before-first-frame"],
      input: terminal.follower, output: .descriptor(terminal.follower),
      environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
    #expect(child.waitForStop(timeout: .seconds(20)), "the host did not stop itself")
    #expect(try terminal.modes() == before)
    #expect(waitUntil(timeout: .seconds(10)) { endsRestored(terminal.written) })
    #expect(!terminal.writtenText.contains("READY"), "a frame was drawn before the stop")
    let stopped = terminal.byteCount
    child.signal(SIGCONT)
    #expect(redrawn(terminal, after: stopped, showing: "READY"), "no whole screen after fg")
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(try terminal.modes() == before)
  }

  @Test func aStopDuringStartUpWaitsForItsEndAndFgDrawsTheScreen() throws {
    let terminal = try TerminalRecorder()
    defer { terminal.close() }
    let before = try terminal.modes()
    // A terminal that reads nothing: the host's first write, in start-up, blocks.
    terminal.pauseDraining()
    let filler = try #require(Self.fillForGood(terminal))
    let child = try ChildProcess(
      executable: TestHostLauncher.executable, arguments: ["idle"],
      input: terminal.follower, output: .descriptor(terminal.follower),
      environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
    #expect(waitUntil(timeout: .seconds(20)) { child.isBlockedInWrite() })
    child.signal(SIGTSTP)
    terminal.resumeDraining()
    #expect(child.waitForStop(timeout: .seconds(10)))
    #expect(try terminal.modes() == before)
    let restored = waitUntil(timeout: .seconds(10)) {
      let written = terminal.bytes(from: filler)
      return String(decoding: written, as: UTF8.self).contains(Self.enter) && endsRestored(written)
    }
    #expect(restored, "start-up did not end with the terminal put back")
    #expect(!terminal.writtenText.contains("READY"), "a frame was drawn before the stop")
    let stopped = terminal.byteCount
    child.signal(SIGCONT)
    #expect(redrawn(terminal, after: stopped, showing: "READY"), "no whole screen after fg")
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(try terminal.modes() == before)
  }

  @Test func pasteAndMouseModesAreOffWhileStoppedAndOnAgainAfterEachContinue() throws {
    let modes = ["2004", "1000", "1006"]
    let (terminal, child, before) = try TestHostLauncher.start(mode: "echo")
    defer { terminal.close() }
    for round in 1...2 {
      #expect(
        waitUntil(timeout: .seconds(10)) {
          let text = terminal.writtenText
          return modes.allSatisfy { text.contains("\u{1B}[?\($0)h") }
        }, "round \(round): not every mode was on")
      try stop(child, terminal, before: before)
      // While stopped, each mode's last switch was off.
      let text = terminal.writtenText
      for mode in modes {
        let on = text.range(of: "\u{1B}[?\(mode)h", options: .backwards)
        let off = text.range(of: "\u{1B}[?\(mode)l", options: .backwards)
        #expect(
          off != nil && (on == nil || on!.lowerBound < off!.lowerBound),
          "round \(round): mode \(mode) left on while stopped")
      }
      let stopped = terminal.byteCount
      child.signal(SIGCONT)
      let again = waitUntil(timeout: .seconds(10)) {
        let after = String(decoding: terminal.bytes(from: stopped), as: UTF8.self)
        return modes.allSatisfy { after.contains("\u{1B}[?\($0)h") }
      }
      #expect(again, "round \(round): the modes were not switched on again after the continue")
    }
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(try terminal.modes() == before)
  }

  /// Waits until the program has read what was typed: nothing unread for 100 ms on end.
  ///
  /// NB: the kernel hands typed bytes to the line discipline a moment after the write returns,
  /// so a first "nothing unread" can come before they are even there.
  private static func waitUntilRead(_ terminal: TerminalRecorder) -> Bool {
    let deadline = monotonicNow() + .seconds(10)
    while monotonicNow() < deadline {
      guard waitUntil(timeout: .seconds(10), { terminal.unreadInput() == 0 }) else { return false }
      if !waitUntil(timeout: .milliseconds(100), { terminal.unreadInput() != 0 }) { return true }
    }
    return false
  }

  /// Fills the terminal's output until no byte more fits, now or later, and returns how many
  /// bytes that took.
  ///
  /// Written bytes wait in the kernel until a worker moves them to the leader's side, which
  /// frees room for more; on a busy machine that worker runs late, and a program that should
  /// block on a full terminal wrote its start-up into the room freed (1 run in 60 under
  /// load). The output is full for good once the leader's input buffer is: nothing can move.
  private static func fillForGood(_ terminal: TerminalRecorder) -> Int? {
    var total = 0
    let full = waitUntil(timeout: .seconds(20)) {
      guard let written = fillOutput(of: terminal) else { return false }
      total += written
      return written == 0 && (terminal.unreadOutput() ?? 0) >= leaderBufferCapacity
    }
    return full ? total : nil
  }

  /// The most a terminal's leader side holds unread (Linux's line discipline buffer, less one).
  private static let leaderBufferCapacity = 4095

  /// Writes to the follower until the pty takes no more output for now, as a terminal that
  /// stopped reading does, and returns how many bytes that took.
  private static func fillOutput(of terminal: TerminalRecorder) -> Int? {
    let path = ptsName(terminal.follower)
    guard let path else { return nil }
    // NB: a descriptor of its own, so non-blocking writes do not make the child's non-blocking.
    let writer = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard writer >= 0 else { return nil }
    defer { close(writer) }
    let chunk = [UInt8](repeating: UInt8(ascii: "."), count: 256)
    var total = 0
    while true {
      let count = chunk.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
      if count > 0 {
        total += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    return total
  }

  private static func ptsName(_ descriptor: Int32) -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard ttyname_r(descriptor, &buffer, buffer.count) == 0 else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

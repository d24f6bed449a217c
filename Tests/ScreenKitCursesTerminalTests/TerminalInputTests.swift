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

/// What a user types, pastes and does to the terminal reaches a ScreenKit program (the test
/// host on a pseudo-terminal) whole, in order, and ends it when the terminal goes away.
@Suite struct TerminalInputTests {
  private static let host = ChildProcess.productsDirectory + "/" + "ScreenKitCursesTestHost"

  /// Starts the host in `mode` on a fresh pty and waits until its first frame is shown.
  private func startHost(
    mode: String, arguments: [String] = [], environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (TerminalRecorder, ChildProcess) {
    let terminal = try TerminalRecorder()
    let child = try ChildProcess(
      executable: Self.host, arguments: [mode] + arguments, input: terminal.follower,
      output: .descriptor(terminal.follower),
      environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"].merging(environment) { $1 })
    let ready = terminal.eventuallyShows("READY", timeout: .seconds(20))
    #expect(ready, "the host never drew its first frame", sourceLocation: sourceLocation)
    return (terminal, child)
  }

  /// 100 KiB of CJK text (3 bytes a character) with some ASCII, never `q`.
  private static let cjkText: String = {
    var random = UInt64(0x5EED)
    var text = ""
    while text.utf8.count < 100 * 1024 {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let pick = Int(random >> 33)
      text.unicodeScalars.append(
        pick % 10 == 0
          ? Unicode.Scalar(UInt8(ascii: "a") + UInt8(pick % 16))
          : Unicode.Scalar(0x4E00 + UInt32(pick % 0x5000)) ?? "?")
    }
    return text
  }()

  private static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// Writes `bytes` to the terminal in chunks of varying sizes that cut characters in two.
  private static func writeInChunks(_ bytes: [UInt8], to terminal: TerminalRecorder) {
    var offset = 0
    var size = 1
    while offset < bytes.count {
      let end = min(bytes.count, offset + size)
      terminal.write(Array(bytes[offset..<end]))
      offset = end
      size = size % 997 + 211
    }
  }

  @Test func aLargeCJKPasteWithoutBracketsArrivesAsEveryCharacterInOrder() throws {
    let (terminal, child) = try startHost(mode: "echo")
    defer { terminal.close() }
    let text = Self.cjkText
    Self.writeInChunks(Array(text.utf8), to: terminal)
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    let report = child.standardError()
    #expect(report.contains("received=\(text.count) hash=\(Self.fnv1a(text)) "), "\(report)")
  }

  @Test func aBracketedPasteArrivesAsOneEventAndItsQDoesNotQuit() throws {
    let (terminal, child) = try startHost(mode: "echo")
    defer { terminal.close() }
    #expect(terminal.eventuallyShows("\u{1B}[?2004h"), "bracketed paste was not turned on")
    let text = "q" + Self.cjkText + "q"
    Self.writeInChunks(Array("\u{1B}[200~\(text)\u{1B}[201~".utf8), to: terminal)
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    let report = child.standardError()
    #expect(
      report.contains("received=\(text.count) hash=\(Self.fnv1a(text)) pastes=1"), "\(report)")
  }

  @Test func aLoneEscapeIsTheEscapeKeyOnceTheDelayPassesAndSequencesAreNot() throws {
    let (terminal, child) = try startHost(mode: "echo")
    defer { terminal.close() }
    terminal.type("\u{1B}")
    #expect(terminal.eventuallyShows("ESCAPES-1"), "a lone Escape was never delivered")
    terminal.type("\u{1B}[A\u{1B}OB\u{1B}[<0;3;4M\u{1B}]11;rgb:0/0/0\u{07}k")
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    let report = child.standardError()
    #expect(report.contains("received=1 hash=\(Self.fnv1a("k")) pastes=0 escapes=1"), "\(report)")
  }

  /// cons25, FreeBSD's console, sends `ESC [ M` for F1, the bytes that start xterm's legacy
  /// mouse report: read from its description, F1 takes nothing after it, so a `q` typed with
  /// it quits.
  @Test func onCons25F1IsAKeyAndAQTypedRightAfterItQuits() throws {
    let (terminal, child) = try startHost(mode: "echo", environment: ["TERM": "cons25"])
    defer { terminal.close() }
    terminal.type("\u{1B}[Mq")
    #expect(child.waitForEnd() == .exited(0), "the q after F1 was swallowed")
    let report = child.standardError()
    #expect(report.contains("received=0 "), "\(report)")
  }

  /// With mouse reporting off, `ESC [ M` starts no mouse report even where the terminal
  /// description names no key for it: the `q` typed right after it quits.
  @Test func withMouseReportingOffEscBracketMSwallowsNoKeyAfterIt() throws {
    let (terminal, child) = try startHost(mode: "echo", arguments: ["--no-mouse"])
    defer { terminal.close() }
    terminal.type("\u{1B}[Mq")
    #expect(child.waitForEnd() == .exited(0), "the q after ESC [ M was swallowed")
  }

  @Test func bracketedPasteIsTurnedOnAgainAfterAStopAndContinue() throws {
    let (terminal, child) = try startHost(mode: "echo")
    defer { terminal.close() }
    #expect(terminal.eventuallyShows("\u{1B}[?2004h"))
    child.signal(SIGTSTP)
    #expect(child.waitForStop(timeout: .seconds(10)))
    let written = terminal.written.count
    child.signal(SIGCONT)
    let enabled = waitUntil(timeout: .seconds(10)) {
      String(decoding: terminal.written.dropFirst(written), as: UTF8.self).contains("\u{1B}[?2004h")
    }
    #expect(enabled, "bracketed paste stayed off after the continue")
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
  }

  @Test func closingTheTerminalEndsTheProgramPromptlyWithoutSpinning() throws {
    let (terminal, child) = try startHost(mode: "idle")
    defer { terminal.close() }
    let clock = ContinuousClock()
    let closed = clock.now
    terminal.hangUp()
    let ending = child.waitForEnd(timeout: .seconds(10))
    let elapsed = clock.now - closed
    #expect(ending == .exited(0), "the host did not end on its own")
    // NB: generous for a loaded CI machine; on a quiet one the host ends within 100 ms.
    #expect(elapsed < .seconds(2), "ended \(elapsed) after the hangup")
    // NB: the 100 ms budget is the plain build's; a sanitized host runs several times slower.
    if Self.isQuiet && !Sanitizer.isActive {
      #expect(elapsed < .milliseconds(100), "ended \(elapsed) after the hangup")
    }
    let processorTime = try #require(child.usage?.processorTime)
    #expect(processorTime < .milliseconds(500), "the host used \(processorTime) of processor time")
  }

  // NB: a program winds down on the main thread after `quit()`, and Swift resumes the awaiting
  // `run()` through the default executor, which blocked loads can hold for a while; a hung-up
  // terminal, always readable, must not turn that wait into a busy loop.
  @Test func aHangupWhileLoadsBlockEveryWorkerEndsTheProgramWithoutSpinning() throws {
    let (terminal, child) = try startHost(mode: "tasks")
    defer { terminal.close() }
    terminal.type("b")
    #expect(terminal.eventuallyShows("POOL-BUSY", timeout: .seconds(20)))
    terminal.hangUp()
    #expect(child.waitForEnd(timeout: .seconds(20)) == .exited(0))
    // NB: the workers sleep for 2 s; a main thread polling the hung-up terminal all that time
    // would use most of it.
    let processorTime = try #require(child.usage?.processorTime)
    #expect(processorTime < .milliseconds(700), "the host used \(processorTime) of processor time")
  }

  @Test func aFrameDrawnWhileInputIsPendingArrivesComplete() throws {
    // NB: a 400 by 200 terminal, so the frame takes a while to render.
    let (terminal, child) = try startHost(
      mode: "pages", environment: ["LINES": "200", "COLUMNS": "400"])
    defer { terminal.close() }
    // While the host is stopped, `n` and more keys than one read takes pile up: the frame of
    // `n` is drawn with keys still pending, and those keys draw nothing themselves.
    child.signal(SIGSTOP)
    #expect(child.waitForStop(timeout: .seconds(10)))
    terminal.write(Array("n".utf8) + [UInt8](repeating: UInt8(ascii: "z"), count: 6000))
    child.signal(SIGCONT)
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(terminal.eventuallyShows("page1-row199-"), "the frame was abandoned part-way")
  }

  /// Whether the machine is quiet enough for tight timing checks: a load below its cores.
  private static var isQuiet: Bool {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
      let load = text.split(separator: " ").first.flatMap({ Double($0) })
    else { return false }
    return load < Double(ProcessInfo.processInfo.activeProcessorCount) * 0.5
  }
}

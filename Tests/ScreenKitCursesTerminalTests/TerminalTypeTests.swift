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

/// A terminal ScreenKit cannot drive (no type, an unknown type, or one without cursor
/// addressing) is refused with one line and exit status 2, and the terminal is not touched:
/// not one byte written, modes unchanged.
@Suite struct TerminalTypeTests {
  /// Runs the host on a fresh pty with `environment` and checks the refusal.
  private func expectRefused(
    environment: [String: String], message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let terminal = try TerminalRecorder()
    let before = try terminal.modes()
    let child: ChildProcess
    do {
      child = try ChildProcess(
        executable: TestHostLauncher.executable, input: terminal.follower,
        output: .descriptor(terminal.follower), environment: environment)
    } catch {
      terminal.close()
      throw error
    }
    let ending = child.waitForEnd()
    let modes = try terminal.modes()
    // NB: once closed, the pty has handed over everything the child wrote.
    terminal.close()
    #expect(ending == .exited(2), sourceLocation: sourceLocation)
    let error = child.standardError()
    #expect(error.split(separator: "\n").count == 1, "\(error)", sourceLocation: sourceLocation)
    #expect(error.contains(message), "\(error)", sourceLocation: sourceLocation)
    #expect(before == modes, sourceLocation: sourceLocation)
    #expect(
      terminal.written.isEmpty, "wrote \(terminal.writtenText.debugDescription)",
      sourceLocation: sourceLocation)
  }

  @Test(arguments: [
    (["TERM": "dumb"], "TERM=dumb cannot move the cursor"),
    ([:], "TERM is not set"),
    (["TERM": ""], "TERM is not set"),
    (["TERM": "no-such-terminal"], "unknown terminal type TERM=no-such-terminal"),
  ])
  func unusableTerminalTypeIsRefused(environment: [String: String], message: String) throws {
    try expectRefused(environment: environment, message: message)
  }

  @Test func anyTerminalWithoutCursorAddressingIsRefused() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenkit-terminfo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // A terminal that can clear, show the cursor and switch screens, but not address it.
    let source = directory.appendingPathComponent("nocup.ti")
    try """
    screenkit-nocup|a terminal without cursor addressing,
    \tam, cols#80, lines#24,
    \tbel=^G, civis=\\E[?25l, clear=\\E[H\\E[2J, cnorm=\\E[?25h, cr=\\r, cud1=\\n,
    \tind=\\n, rmcup=\\E[?1049l, smcup=\\E[?1049h,

    """.write(to: source, atomically: true, encoding: .utf8)
    let compiler = Process()
    compiler.executableURL = URL(fileURLWithPath: "/usr/bin/tic")
    compiler.arguments = ["-o", directory.path, source.path]
    try compiler.run()
    compiler.waitUntilExit()
    try #require(compiler.terminationStatus == 0, "tic could not compile the entry")
    try expectRefused(
      environment: ["TERM": "screenkit-nocup", "TERMINFO": directory.path],
      message: "TERM=screenkit-nocup cannot move the cursor")
  }
}

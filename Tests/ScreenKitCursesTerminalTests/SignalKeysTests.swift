import TerminalProcess
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `CursesTerminal.Options.keysSendSignals`: by default Ctrl-C, Ctrl-Z and Ctrl-\ are the
/// terminal's (they send their signals, and never reach the program as keys); turned off, they
/// arrive as keys, full screen and inline, and the terminal's modes come back after.
@Suite struct SignalKeysTests {
  @Test(arguments: [[], ["--inline=4"]])
  func withTheOptionOffTheSignalKeysArriveAsKeys(viewport: [String]) throws {
    let (terminal, child, before) = try TestHostLauncher.start(
      mode: "idle", arguments: ["--signal-keys-as-keys"] + viewport)
    defer { terminal.close() }
    // Ctrl-Z, Ctrl-\, then Ctrl-C, which the host takes to quit.
    terminal.write([0x1A, 0x1C, 0x03])
    #expect(child.waitForEnd() == .exited(0))
    let report = child.standardError()
    #expect(report.contains("key ^Z\nkey ^\\\nkey ^C\n"), "\(report)")
    #expect(try terminal.modes() == before)
  }

  @Test(arguments: [[], ["--inline=4"]])
  func byDefaultTheTerminalTakesThem(viewport: [String]) throws {
    let (terminal, child, before) = try TestHostLauncher.start(mode: "idle", arguments: viewport)
    defer { terminal.close() }
    // NB: the pty is not the host's controlling terminal, so no signal is sent: the line
    // discipline takes the characters, and the program never sees them.
    terminal.write([0x03, 0x1C, 0x1A])
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    let report = child.standardError()
    #expect(!report.contains("key ^"), "\(report)")
    #expect(try terminal.modes() == before)
  }
}

import Foundation
import Testing

extension DemoEndToEndTests {
  /// `Demo serve` reached with the system's OpenSSH client, in tmux, as a user would: two
  /// sessions of their own on one server, a star made in one seen in the other, and each
  /// client's terminal restored however its session ends.
  @Suite("Demo serve over SSH", .enabled(if: ServeFixture.hasOpenSSH, "no ssh or ssh-keygen"))
  struct ServeEndToEndTests {
    static let detail = "More in Building UIs"

    @Test func twoSessionsShareAStarAndEachTerminalIsRestored() async throws {
      let server = try await ServeFixture()
      defer { server.stop() }
      let first = try server.client()
      defer { first.close() }
      try await first.waitFor(DemoEndToEndTests.firstEpisode, timeout: .seconds(30))
      try await first.waitForOutput("Loading…", "Networking")
      #expect(try first.paneFormat("alternate_on") == "1")
      let second = try server.client()
      defer { second.close() }
      try await second.waitFor(DemoEndToEndTests.firstEpisode, timeout: .seconds(30))

      // Both open episode 2; the first stars it, and the second shows the star at once.
      for client in [first, second] {
        try client.send("j", "j", "j", "j", "j", "Enter")
        try await client.waitFor(Self.detail, timeout: .seconds(20))
      }
      try first.send("s")
      try await first.waitFor("★ #02")
      try await second.waitFor("★ #02")

      // q ends the first session: its terminal is as it was, the other session goes on.
      try first.send("q")
      #expect(try await first.exitStatus() == 0)
      let settings = try await first.terminalSettings()
      #expect(settings.before == settings.after)
      #expect(try first.paneFormat("alternate_on") == "0")
      #expect(try first.paneFormat("cursor_flag") == "1")
      #expect(try first.paneFormat("mouse_sgr_flag") == "0")
      try second.send("h")
      try await second.waitFor(DemoEndToEndTests.firstEpisode)

      // SIGTERM stops the server: the second session hears why and gets its terminal back.
      server.terminate()
      try await second.waitFor("The server is shutting down.")
      #expect(try await second.exitStatus() == 0)
      let secondSettings = try await second.terminalSettings()
      #expect(secondSettings.before == secondSettings.after)
      #expect(try second.paneFormat("alternate_on") == "0")
      #expect(try second.paneFormat("mouse_standard_flag") == "0")
      #expect(try await server.exitStatus() == 0)
    }

    /// A client that sends `SCREENKIT_ACCESSIBLE=1` gets lines, never a grid: the load said
    /// once, then the list; a move says the new item; Ctrl-L all of it; nothing to restore.
    @Test func aClientThatSendsTheAccessibleVariableGetsLines() async throws {
      let server = try await ServeFixture()
      defer { server.stop() }
      let client = try server.client(["-o", "SetEnv=SCREENKIT_ACCESSIBLE=1"])
      defer { client.close() }
      try await client.waitFor("Loaded, Episodes, list, ", timeout: .seconds(30))
      #expect(try client.paneFormat("alternate_on") == "0")
      try client.send("j")
      try await client.waitFor("\nConcurrency\n")
      try client.send("C-l")
      try await client.waitFor(", 2 of ")
      try client.send("q")
      #expect(try await client.exitStatus() == 0)
      let text = try client.captureWithHistory()
      #expect(text.contains("Episodes: Loading…"), "\(text)")
      let drawing = text.unicodeScalars.filter {
        (0x2500...0x259F).contains($0.value) || (0x2800...0x28FF).contains($0.value)
      }
      #expect(drawing.isEmpty, "no box-drawing, block or Braille glyph: \(text)")
      let settings = try await client.terminalSettings()
      #expect(settings.before == settings.after)
    }

    @Test func passwordsAndCommandsAreRefused() async throws {
      let server = try await ServeFixture()
      defer { server.stop() }
      // No password is offered: only a key gets in.
      let password = try await server.ssh(["-o", "PubkeyAuthentication=no", "ada@127.0.0.1"])
      #expect(password.status == 255)
      #expect(password.standardError.contains("Permission denied (publickey)"))
      // A key gets in, but runs no command.
      let command = try await server.ssh(["ada@127.0.0.1", "cat", "/etc/passwd"])
      #expect(command.status != 0)
      #expect(!command.standardOutput.contains("root:"))
      #expect(command.standardError.contains("exec request failed"))
    }

    @Test func aClientPastTheMostSessionsHearsWhy() async throws {
      let server = try await ServeFixture(["--max-sessions", "1"])
      defer { server.stop() }
      let first = try server.client()
      defer { first.close() }
      try await first.waitFor(DemoEndToEndTests.firstEpisode, timeout: .seconds(30))
      let second = try server.client()
      defer { second.close() }
      try await second.waitFor("the server is full (1 session); try again later.")
      #expect(try await second.exitStatus() == 1)
      try first.send("q")
      #expect(try await first.exitStatus() == 0)
    }
  }
}

/// A `Demo serve` on a free loopback port, with a throwaway client key in its authorized
/// keys and a host key of its own, all in a scratch directory.
final class ServeFixture {
  static var hasOpenSSH: Bool {
    ["/usr/bin/ssh", "/usr/bin/ssh-keygen"].allSatisfy(FileManager.default.isExecutableFile)
  }

  let directory: URL
  let process = Process()
  let port: Int

  /// Starts `Demo serve` with `arguments` beside the fixture's own.
  init(_ arguments: [String] = []) async throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenkit-serve-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let key = directory.appendingPathComponent("client_key").path
    let keygen = Process()
    keygen.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
    keygen.arguments = ["-q", "-t", "ed25519", "-N", "", "-C", "e2e", "-f", key]
    try keygen.run()
    keygen.waitUntilExit()
    try FileManager.default.copyItem(
      atPath: key + ".pub", toPath: directory.appendingPathComponent("authorized_keys").path)
    let log = directory.appendingPathComponent("server.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.executableURL = URL(fileURLWithPath: try DemoBinary.require())
    process.arguments =
      [
        "serve", "--port", "0", "--latency", "1",
        "--authorized-keys", directory.appendingPathComponent("authorized_keys").path,
        "--host-key", directory.appendingPathComponent("host_key").path,
      ] + arguments
    let output = try FileHandle(forWritingTo: log)
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let line = try await Poll.until(timeout: .seconds(20)) { () -> String? in
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      return text.split(separator: "\n").first { $0.contains("serving on") }.map(String.init)
    }
    guard let line,
      let port = line.split(separator: ",")[0].split(separator: ":").last
        .flatMap({ Int($0) })
    else {
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      process.terminate()
      throw E2EError("Demo serve did not start:\n\(text)")
    }
    self.port = port
  }

  /// The system's `ssh` to the server in a tmux pane of its own, with the throwaway key and
  /// `options` besides.
  func client(_ options: [String] = []) throws -> TmuxSession {
    try TmuxSession(
      [
        "-F", "/dev/null", "-p", "\(port)", "-i",
        directory.appendingPathComponent("client_key").path,
        "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "UserKnownHostsFile=/dev/null",
        "-o", "StrictHostKeyChecking=no", "-o", "LogLevel=ERROR",
      ] + options + ["-t", "ada@127.0.0.1"], executable: "/usr/bin/ssh")
  }

  /// Runs the system's `ssh` to the server with the throwaway key, no terminal and nothing on
  /// its input, and returns its exit status and what it wrote.
  func ssh(_ arguments: [String]) async throws -> (
    status: Int32, standardOutput: String, standardError: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ssh")
    process.arguments =
      [
        "-F", "/dev/null", "-p", "\(port)", "-i",
        directory.appendingPathComponent("client_key").path, "-o", "IdentitiesOnly=yes", "-o",
        "BatchMode=yes", "-o", "UserKnownHostsFile=/dev/null", "-o", "StrictHostKeyChecking=no",
        "-o", "LogLevel=ERROR",
      ] + arguments
    let output = directory.appendingPathComponent("ssh-\(UUID().uuidString.prefix(8))")
    _ = FileManager.default.createFile(atPath: output.path + ".out", contents: nil)
    _ = FileManager.default.createFile(atPath: output.path + ".err", contents: nil)
    process.standardOutput = try FileHandle(
      forWritingTo: URL(fileURLWithPath: output.path + ".out"))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path + ".err"))
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let ended = try await Poll.until(timeout: .seconds(30)) { process.isRunning ? nil : true }
    if ended == nil {
      process.terminate()
      throw E2EError("ssh \(arguments) did not end")
    }
    let read = { (suffix: String) in
      (try? String(contentsOfFile: output.path + suffix, encoding: .utf8)) ?? ""
    }
    return (process.terminationStatus, read(".out"), read(".err"))
  }

  /// Sends SIGTERM, as a service manager stopping the server does.
  func terminate() {
    if process.isRunning { process.terminate() }
  }

  /// Waits for the server to end and returns its exit status.
  func exitStatus() async throws -> Int32? {
    let ended = try await Poll.until(timeout: .seconds(20)) { process.isRunning ? nil : true }
    return ended == nil ? nil : process.terminationStatus
  }

  /// Ends the server, if a test left it running, and removes the scratch directory.
  func stop() {
    // NB: the graceful stop is what a test checks; here only what a failed test left.
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: directory)
  }
}

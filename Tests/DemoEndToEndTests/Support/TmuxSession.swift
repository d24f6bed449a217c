import Foundation
import Testing

/// The demo running in a detached tmux session of a fixed size, on a private tmux server, so
/// tests can type keys and read the screen as text.
///
/// The pane runs `stty -g` before and after the demo (into files of the session's own
/// directory) and prints `EXIT=<status>` when it ends, then stays open to be read. Tests wait
/// for text with a deadline, polling `capture-pane`; ``close()`` kills the server.
final class TmuxSession {
  /// The session's scratch directory: terminal settings and anything a test puts there.
  let directory: URL
  private let socket: String
  private let name = "demo"
  private var socketPath = ""

  /// Starts `Demo` with `arguments` in a `width`×`height` pane, in the scratch directory
  /// after `prepare` has filled it.
  init(
    _ arguments: [String], width: Int = 100, height: Int = 30,
    environment: [String: String] = [:], prepare: ((URL) throws -> Void)? = nil
  ) throws {
    let binary = try DemoBinary.require()
    let id = UUID().uuidString.prefix(8)
    socket = "screenkit-e2e-\(getpid())-\(id)"
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenkit-e2e-\(id)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try prepare?(directory)
    let dir = Shell.quote(directory.path)
    let variables = environment.sorted { $0.key < $1.key }
      .map { "\($0.key)=\(Shell.quote($0.value))" }
    let demo = (variables + ([binary] + arguments).map(Shell.quote)).joined(separator: " ")
    // NB: standard error goes to a file, so whatever the demo prints when it ends (a sanitizer
    // report, say) can be read after the pane is gone.
    let script = """
      cd \(dir) && stty -g > stty-before; \(demo) 2> stderr; echo EXIT=$?; \
      stty -g > stty-after; sleep 60
      """
    try tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", script])
    socketPath = try tmux(["display-message", "-p", "#{socket_path}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Kills the server and removes the scratch directory.
  func close() {
    _ = try? tmux(["kill-server"])
    // NB: a killed server leaves its socket file behind.
    if !socketPath.isEmpty { try? FileManager.default.removeItem(atPath: socketPath) }
    try? FileManager.default.removeItem(at: directory)
  }

  /// Types keys, as tmux names them (`Enter`, `Escape`, `Tab`, `j`).
  func send(_ keys: String...) throws {
    try tmux(["send-keys", "-t", name] + keys)
  }

  /// Resizes the window, as a user dragging the terminal does; the demo gets SIGWINCH.
  func resize(width: Int, height: Int) throws {
    try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
  }

  /// The pane's text now, one line per row, trailing spaces trimmed.
  func capture() throws -> String {
    try tmux(["capture-pane", "-p", "-t", name])
  }

  /// Polls the pane until `predicate` holds and returns that screen; fails the test with the
  /// last screen when `timeout` passes first.
  @discardableResult
  func waitUntil(
    _ what: String, timeout: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation, _ predicate: (String) -> Bool
  ) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    var screen = ""
    while ContinuousClock.now < deadline {
      screen = try capture()
      if predicate(screen) { return screen }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record(
      "timed out after \(timeout) waiting for \(what); the screen was:\n\(screen)",
      sourceLocation: sourceLocation)
    throw E2EError("timed out waiting for \(what)")
  }

  /// Polls the pane until it shows every one of `texts` at once.
  @discardableResult
  func waitFor(
    _ texts: String..., timeout: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    try await waitUntil(
      texts.map { "\"\($0)\"" }.joined(separator: " and "), timeout: timeout,
      sourceLocation: sourceLocation
    ) { screen in texts.allSatisfy(screen.contains) }
  }

  /// Waits for the demo to end and returns its exit status.
  func exitStatus(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int32? {
    let screen = try await waitFor("EXIT=", sourceLocation: sourceLocation)
    let line = screen.split(separator: "\n").first { $0.hasPrefix("EXIT=") }
    return line.flatMap { Int32($0.dropFirst("EXIT=".count)) }
  }

  /// The `stty -g` output from before the demo started and after it ended.
  func terminalSettings() async throws -> (before: String, after: String) {
    let after = directory.appendingPathComponent("stty-after")
    // NB: the pane writes the file just after EXIT=; wait for it with the same deadline.
    let deadline = ContinuousClock.now + .seconds(10)
    while !FileManager.default.fileExists(atPath: after.path), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
    }
    let before = try String(
      contentsOf: directory.appendingPathComponent("stty-before"), encoding: .utf8)
    return (before, try String(contentsOf: after, encoding: .utf8))
  }

  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    var environment = ProcessInfo.processInfo.environment
    environment["LANG"] = "C.UTF-8"
    environment.removeValue(forKey: "TMUX")
    let output = try Shell.run(
      ["tmux", "-u", "-L", socket, "-f", "/dev/null"] + arguments, environment: environment)
    guard output.status == 0 else {
      throw E2EError("tmux \(arguments.first ?? "") failed: \(output.stderr)")
    }
    return output.stdout
  }
}

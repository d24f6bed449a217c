import Foundation
import Testing

/// The demo running in a detached tmux session of a fixed size, on a private tmux server, so
/// tests can type keys and read the screen as text.
///
/// The pane runs `stty -g` before the demo; when the demo ends it writes the exit status and
/// `stty -g` into a `result` file, complete before it appears (written aside, then renamed),
/// prints `EXIT=<status>` and stays open to be read. Whatever the demo wrote (its standard
/// error, a trace) is complete once `result` exists, so tests wait for that file, never for
/// the screen line or for a file the shell may still be writing. Tests wait for text with a
/// deadline, polling `capture-pane`; ``close()`` kills the server.
///
/// Everything the pane's programs write is also recorded, from before the demo's first byte:
/// the pane's shell waits on a tmux channel, and the session signals it only once
/// `pipe-pane` is attached. A state the demo shows only for a while (a spinner, a refresh
/// badge) is asserted on that record with ``waitForOutput(_:timeout:sourceLocation:)``, not
/// by polling the screen, which misses it when the demo starts late or a poll comes late.
final class TmuxSession {
  /// The session's scratch directory: terminal settings and anything a test puts there.
  let directory: URL
  private let socket: String
  private let name = "demo"
  private var socketPath = ""
  /// Where the pane's output is recorded; beside the scratch directory, so a demo listing
  /// that directory does not see it grow.
  private let outputPath: String

  /// Starts `Demo` with `arguments` in a `width`×`height` pane, in the scratch directory
  /// after `prepare` has filled it.
  ///
  /// `before` is shell text run just before the demo's command, in the same command line
  /// (`mkfifo f; writer > f & ` or `producer | `); `redirections` follow its arguments
  /// (`3<&0 </dev/tty`), so a test can hand the demo pipes as a shell would. `program` runs
  /// another executable built beside the demo in its place (`ScreenKitCursesTestHost`);
  /// `executable`, a program of the system at that path (`/usr/bin/ssh`).
  init(
    _ arguments: [String], width: Int = 100, height: Int = 30,
    environment: [String: String] = [:], before: String = "", redirections: String = "",
    program: String? = nil, executable: String? = nil, prepare: ((URL) throws -> Void)? = nil
  ) throws {
    let binary =
      try executable ?? program.map(DemoBinary.sibling(named:)) ?? DemoBinary.require()
    let id = UUID().uuidString.prefix(8)
    socket = "screenkit-e2e-\(getpid())-\(id)"
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenkit-e2e-\(id)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    outputPath = directory.path + ".output"
    try prepare?(directory)
    let dir = Shell.quote(directory.path)
    let variables = environment.sorted { $0.key < $1.key }
      .map { "\($0.key)=\(Shell.quote($0.value))" }
    let demo = (variables + ([binary] + arguments).map(Shell.quote)).joined(separator: " ")
    // NB: standard error goes to a file, so whatever the demo prints when it ends (a sanitizer
    // report, say) can be read after the pane is gone.
    // NB: `result` is renamed into place only when complete: a reader that sees it reads all
    // of it. The demo has ended by then, so its standard error and trace are complete too.
    // NB: the pane stays ten minutes after the demo: a test held back by a busy machine still
    // finds it to read; ``close()`` ends it sooner.
    // NB: `tmux wait-for` in the pane reaches this server through `TMUX`; a signal sent before
    // it waits is remembered.
    let channel = "\(socket)-go"
    let script = """
      cd \(dir) && stty -g > stty-before; tmux wait-for \(channel); \(before)\(demo) \(redirections) 2> stderr; \
      status=$?; { echo "$status"; stty -g; } > result.partial && mv result.partial result; \
      echo EXIT=$status; sleep 600
      """
    try tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", script])
    socketPath = try tmux(["display-message", "-p", "#{socket_path}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try tmux(["pipe-pane", "-o", "-t", name, "cat >> \(Shell.quote(outputPath))"])
    try tmux(["wait-for", "-S", channel])
  }

  /// The client attached by ``attachFocusedClient()``, and the pipe that is its input.
  private var client: (process: Process, input: Pipe)?

  /// Kills the server and removes the scratch directory.
  func close() {
    _ = try? tmux(["kill-server"])
    if let client {
      // NB: the client ended with the server, or ends now; waiting reaps it.
      if client.process.isRunning { client.process.terminate() }
      client.process.waitUntilExit()
    }
    // NB: a killed server leaves its socket file behind.
    if !socketPath.isEmpty { try? FileManager.default.removeItem(atPath: socketPath) }
    try? FileManager.default.removeItem(at: directory)
    try? FileManager.default.removeItem(atPath: outputPath)
  }

  /// What the pane's programs have written so far, as text; the recording lags the screen a
  /// little (it goes through a pipe), so wait for a text with ``waitForOutput(_:timeout:sourceLocation:)``
  /// before asserting on what came before it.
  func output() -> TerminalOutput {
    output(from: 0)
  }

  /// What the pane's programs have written from byte `offset` of the record on.
  func output(from offset: Int) -> TerminalOutput {
    let bytes = FileManager.default.contents(atPath: outputPath) ?? Data()
    return TerminalOutput(bytes: Array(bytes.dropFirst(offset)))
  }

  /// How many bytes have been recorded so far: a mark for ``output(from:)``, taken once what
  /// must come before it has been waited for.
  func outputByteCount() -> Int {
    FileManager.default.contents(atPath: outputPath)?.count ?? 0
  }

  /// Waits until the recorded output (from byte `offset` on) holds every one of `texts` and
  /// returns that output.
  ///
  /// Each text must have been written in one run (see ``TerminalOutput``). Whatever the demo
  /// showed, however briefly, is in the record: the wait is only for the bytes to arrive. The
  /// record lags the pane: what a capture shows may not be recorded yet.
  @discardableResult
  func waitForOutput(
    _ texts: String..., from offset: Int = 0, timeout: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> TerminalOutput {
    var recorded = output(from: offset)
    let held = try await Poll.until(timeout: timeout) { () -> TerminalOutput? in
      recorded = output(from: offset)
      return texts.allSatisfy(recorded.contains) ? recorded : nil
    }
    if let held { return held }
    let what = texts.map { "\"\($0)\"" }.joined(separator: " and ")
    Issue.record(
      "timed out after \(timeout) waiting for the output to hold \(what); it was:\n\(recorded.text)\n\(processes())",
      sourceLocation: sourceLocation)
    throw E2EError("timed out waiting for the output to hold \(what)")
  }

  /// Types keys, as tmux names them (`Enter`, `Escape`, `Tab`, `j`).
  func send(_ keys: String...) throws {
    try tmux(["send-keys", "-t", name] + keys)
  }

  /// Clicks the left button at column `x`, row `y` of the pane (0-based), as a terminal
  /// with SGR mouse reporting sends it: the press and the release, written to the program's
  /// input as bytes.
  func click(x: Int, y: Int) throws {
    for final in ["M", "m"] {
      let report = "\u{1B}[<0;\(x + 1);\(y + 1)\(final)"
      try tmux(["send-keys", "-t", name, "-H"] + report.utf8.map { String($0, radix: 16) })
    }
  }

  /// Turns the wheel by `notches` (negative is up) over column `x`, row `y` of the pane, as a
  /// terminal with SGR mouse reporting sends it: one report for each notch.
  func scroll(x: Int, y: Int, by notches: Int) throws {
    let button = notches < 0 ? 64 : 65
    for _ in 0..<abs(notches) {
      let report = "\u{1B}[<\(button);\(x + 1);\(y + 1)M"
      try tmux(["send-keys", "-t", name, "-H"] + report.utf8.map { String($0, radix: 16) })
    }
  }

  /// Turns tmux's focus reports on, splits the window (the new pane, `sleep`ing, is not
  /// selected) and attaches a client on a pseudo-terminal of its own, through `script`; returns
  /// once tmux lists it focused.
  ///
  /// tmux reports focus (`ESC [ I`, `ESC [ O`) to a pane only while a focused client shows its
  /// window: a detached session reports nothing. ``selectPane(_:)`` then moves focus.
  func attachFocusedClient() async throws {
    try tmux(["set-option", "-g", "focus-events", "on"])
    // NB: as long as the program's own pane stays (`close()` ends both): a test held back on
    // a busy machine once found the split-off pane gone after 120 s.
    try tmux(["split-window", "-d", "-t", name, "sleep 600"])
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = [
      "-qfc", "tmux -u -L \(Shell.quote(socket)) attach -t \(name)", "/dev/null",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment["LANG"] = "C.UTF-8"
    environment.removeValue(forKey: "TMUX")
    process.environment = environment
    // NB: a pipe kept open: at the end of its input, `script` would type Ctrl-D into the
    // client, which tmux hands to the pane.
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    client = (process, input)
    let attached = try await Poll.until(timeout: .seconds(10)) { () -> Bool? in
      let clients = (try? tmux(["list-clients"])) ?? ""
      return clients.contains("focused") ? true : nil
    }
    guard attached == nil else { return }
    throw E2EError("no focused tmux client attached:\n\((try? tmux(["list-clients"])) ?? "")")
  }

  /// Selects pane `index` of the window (0, the program's; 1, the one
  /// ``attachFocusedClient()`` split off), which moves a focused client's focus to it.
  func selectPane(_ index: Int) throws {
    try tmux(["select-pane", "-t", "\(name).\(index)"])
  }

  /// A value of tmux's pane format, such as `mouse_sgr_flag`: what modes the program in the
  /// pane has turned on.
  func paneFormat(_ variable: String) throws -> String {
    try tmux(["display-message", "-p", "-t", name, "#{\(variable)}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Where the pane's cursor is and whether it shows, as `x y flag` (`2 1 1`: column 2 of row
  /// 1, shown).
  func cursor() throws -> String {
    try tmux(["display-message", "-p", "-t", name, "#{cursor_x} #{cursor_y} #{cursor_flag}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Resizes the window, as a user dragging the terminal does; the demo gets SIGWINCH.
  func resize(width: Int, height: Int) throws {
    try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
  }

  /// The pane's text now, one line per row, trailing spaces trimmed.
  func capture() throws -> String {
    try tmux(["capture-pane", "-p", "-t", name])
  }

  /// The pane's scrollback and screen, oldest line first, trailing spaces trimmed: what an
  /// inline program leaves in the terminal's history.
  func captureWithHistory() throws -> String {
    try tmux(["capture-pane", "-p", "-S", "-", "-t", name])
  }

  /// The pane's scrollback and screen as lines, without the pane's empty trailing rows; from
  /// the line after the first `marker` on, when there is one (the tests echo `history` before
  /// the program starts).
  func linesWithHistory(after marker: String? = nil) throws -> [String] {
    var lines = try captureWithHistory().split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let marker, let start = lines.firstIndex(of: marker) else { return lines }
    return Array(lines[(start + 1)...])
  }

  /// Polls the pane until `predicate` holds and returns that screen; fails the test with the
  /// last screen when `timeout` passes first.
  @discardableResult
  func waitUntil(
    _ what: String, timeout: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation, _ predicate: (String) -> Bool
  ) async throws -> String {
    var screen = ""
    let shown = try await Poll.until(timeout: timeout) { () -> String? in
      screen = try capture()
      return predicate(screen) ? screen : nil
    }
    if let shown { return shown }
    Issue.record(
      "timed out after \(timeout) waiting for \(what); the screen was:\n\(screen)\n\(processes())",
      sourceLocation: sourceLocation)
    throw E2EError("timed out waiting for \(what)")
  }

  /// Polls the pane until it shows every one of `texts` at once, and none of `absent`.
  ///
  /// NB: what must be gone is waited for, never asserted on the screen a wait returned: the
  /// terminal applies a frame as its bytes arrive, so a capture can show the new rows while an
  /// old one (a spinner, a detail) is still to be overwritten.
  @discardableResult
  func waitFor(
    _ texts: String..., without absent: [String] = [], timeout: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    let wanted = texts.map { "\"\($0)\"" } + absent.map { "no \"\($0)\"" }
    return try await waitUntil(
      wanted.joined(separator: " and "), timeout: timeout, sourceLocation: sourceLocation
    ) { screen in
      texts.allSatisfy(screen.contains) && !absent.contains(where: screen.contains)
    }
  }

  /// Polls the pane until it shows `text`, which may be wrapped over several lines: runs of
  /// spaces and line breaks count as one space on both sides.
  @discardableResult
  func waitForWrapped(
    _ text: String, timeout: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    let wanted = Self.collapsingWhitespace(text)
    return try await waitUntil("\"\(text)\" (maybe wrapped)", sourceLocation: sourceLocation) {
      Self.collapsingWhitespace($0).contains(wanted)
    }
  }

  private static func collapsingWhitespace(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
  }

  /// Waits for the demo to end and returns its exit status.
  func exitStatus(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int32? {
    Int32(try await result(sourceLocation: sourceLocation).status)
  }

  /// The `stty -g` output from before the demo started and after it ended; waits for the end.
  func terminalSettings(
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> (before: String, after: String) {
    let after = try await result(sourceLocation: sourceLocation).settings
    let before = try String(
      contentsOf: directory.appendingPathComponent("stty-before"), encoding: .utf8)
    return (before.trimmingCharacters(in: .whitespacesAndNewlines), after)
  }

  /// What the demo wrote to standard error; waits for it to end.
  func standardError(sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
    _ = try await result(sourceLocation: sourceLocation)
    return try String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8)
  }

  /// A file of the scratch directory, once the demo has ended (so it is complete).
  func fileAfterExit(
    _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    _ = try await result(sourceLocation: sourceLocation)
    return try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
  }

  /// Waits until a file of the scratch directory exists (something in the pane made it).
  func waitForFile(
    _ name: String, timeout: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let path = directory.appendingPathComponent(name).path
    let exists = try await Poll.until(timeout: timeout) {
      FileManager.default.fileExists(atPath: path) ? true : nil
    }
    guard exists == nil else { return }
    Issue.record(
      "timed out waiting for \(name)\n\(processes())", sourceLocation: sourceLocation)
    throw E2EError("timed out waiting for \(name)")
  }

  /// The process id of the demo (or of `program`, built beside it), found as the pane
  /// shell's child, while it runs.
  func demoProcessID(
    named program: String = "Demo", sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Int32 {
    let shell = try tmux(["display-message", "-p", "-t", name, "#{pane_pid}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let found = try await Poll.until(timeout: .seconds(10)) { () -> Int32? in
      let children =
        (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8))
        ?? ""
      return children.split(separator: " ").compactMap({ Int32($0) }).first { child in
        let executable =
          (try? FileManager.default.destinationOfSymbolicLink(
            atPath: "/proc/\(child)/exe")) ?? ""
        return executable.hasSuffix("/\(program)")
      }
    }
    if let found { return found }
    Issue.record("no \(program) process under the pane's shell", sourceLocation: sourceLocation)
    throw E2EError("no \(program) process under the pane's shell")
  }

  /// The exit status and terminal settings the pane wrote when the demo ended, read once the
  /// file is complete (it appears by a rename).
  private func result(
    sourceLocation: SourceLocation
  ) async throws -> (status: Int, settings: String) {
    let path = directory.appendingPathComponent("result").path
    let text = try await Poll.until(timeout: .seconds(20)) {
      try? String(contentsOfFile: path, encoding: .utf8)
    }
    if let text {
      let lines = text.split(separator: "\n").map(String.init)
      if lines.count == 2, let status = Int(lines[0]) { return (status, lines[1]) }
      Issue.record("malformed result file: \(text)", sourceLocation: sourceLocation)
      throw E2EError("malformed result file")
    }
    let screen = (try? capture()) ?? ""
    Issue.record(
      "timed out waiting for the demo to end; the screen was:\n\(screen)\n\(processes())",
      sourceLocation: sourceLocation)
    throw E2EError("timed out waiting for the demo to end")
  }

  /// The processes under the pane, each with its state and where it waits in the kernel, and
  /// how much the pane's programs have written: what a failed wait needs to tell a program that
  /// never started from one that hangs or one that drew what the test did not expect.
  func processes() -> String {
    guard
      let root = try? tmux(["display-message", "-p", "-t", name, "#{pane_pid}"])
        .trimmingCharacters(in: .whitespacesAndNewlines)
    else { return "(the pane is gone)" }
    let written = (try? FileManager.default.attributesOfItem(atPath: outputPath)[.size]) ?? 0
    var lines = ["the pane's programs wrote \(written) bytes; its processes:"]
    var queue = [root]
    while !queue.isEmpty {
      let pid = queue.removeFirst()
      let read = { (file: String) in
        (try? String(contentsOfFile: "/proc/\(pid)/\(file)", encoding: .utf8)) ?? ""
      }
      // NB: the state follows the command name, which is in parentheses and may hold spaces.
      let state = read("stat").split(separator: ")").last?.split(separator: " ").first ?? "?"
      let command = read("cmdline").replacingOccurrences(of: "\0", with: " ")
      lines.append("  \(pid) \(state) waiting in \(read("wchan")): \(command.prefix(100))")
      queue += read("task/\(pid)/children").split(separator: " ").map(String.init)
    }
    return lines.joined(separator: "\n")
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

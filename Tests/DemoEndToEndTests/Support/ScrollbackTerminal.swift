#if os(Linux)
  import Foundation
  import TerminalProcess
  import Testing

  #if canImport(Glibc)
    import Glibc
  #endif

  /// A program on a terminal emulator that keeps the scrollback, for programs that draw in the
  /// normal screen (an inline host): a test asserts what scrolled off the top as well as what
  /// the screen shows, in order, after the program drew, was resized, stopped or ended.
  ///
  /// tmux cannot be asked that: its capture is the pane, and what a program pushed above it
  /// depends on tmux's history and its redrawing. The terminal here is
  /// `scrollback-terminal.py` beside this file, a pyte screen driven over a line protocol
  /// (its documentation says exactly how it scrolls, resizes and answers). It starts the
  /// command on a pseudo-terminal of its own as a shell's foreground job, after writing the
  /// given shell history into the emulator, so the program starts on the line below it.
  ///
  /// Tests wait for a state with ``waitUntil(_:timeout:sourceLocation:_:)``, which polls
  /// snapshots until a deadline, never for a fixed time. ``close()`` (also on release) kills
  /// the program and the terminal.
  ///
  /// NB: needs Python 3 with the `pyte` package (`pip install pyte`); `.ci/run` installs it.
  final class ScrollbackTerminal {
    /// A cell of the screen, 0-based.
    struct Position: Equatable, CustomStringConvertible {
      /// The row, 0 at the top of the screen (not of the scrollback).
      var row: Int
      /// The column, 0 at the left.
      var column: Int

      var description: String { "row \(row), column \(column)" }
    }

    /// The terminal at one moment.
    struct Snapshot: CustomStringConvertible {
      /// The lines scrolled off the top of the normal screen, oldest first, each with its
      /// trailing spaces trimmed.
      var history: [String]
      /// The screen's rows as text, trailing spaces trimmed: the alternate screen while it is
      /// on.
      var display: [String]
      /// The normal screen's rows, also while the alternate screen is on.
      var normalDisplay: [String]
      /// The screen's rows as their cells' emphasis, one letter a cell (a wide character
      /// takes two): `R` reverse and bold, `r` reverse, `b` bold, a space neither.
      var emphasis: [String]
      /// Where the cursor is.
      var cursor: Position
      /// Whether the program hid the cursor (DECTCEM, `ESC [ ? 25 l`).
      var cursorHidden: Bool
      /// The DEC private modes set (`ESC [ ? n h`): 1049 the alternate screen, 25 the cursor
      /// shown, 1000…1006 the mouse, 2004 bracketed paste, 1004 focus reports.
      var modes: Set<Int>
      /// Whether the alternate screen is on.
      var alternateScreen: Bool
      /// The terminal's width.
      var columns: Int
      /// The terminal's height.
      var rows: Int
      /// Whether a signal stopped the program (and nothing continued it yet).
      var isStopped: Bool
      /// How the program ended, once it has and its output has been read to the end.
      var exitStatus: WaitStatus?
      /// How many bytes the program has written so far: a mark to wait for the next frame by.
      var received: Int
      /// How many cursor position requests (`ESC [ 6 n`) the screen has been shown.
      var requests: Int
      /// How many answers to them the answer policy holds back (``AnswerPolicy``).
      var heldAnswers: Int
      /// How many bytes of the program's output ``holdOutput()`` keeps from the screen.
      var heldOutput: Int
      /// How many position answers the terminal gave after the program had ended, or wrote
      /// once the program had put the terminal's modes back (echo on, no answer read any
      /// more; the program may not be reaped yet): requests it showed too late (output held
      /// longer than the program waits for its answers), whose answers went to the shell
      /// whatever the program did.
      var answersAfterEnd: Int
      /// Whether the program may be in the middle of its output.
      ///
      /// One of its threads is running or waiting for a processor, or the pty holds bytes not
      /// yet read. A program preempted between two writes of one frame is quiet for as long as
      /// the machine keeps it waiting; a frame is whole when nothing came for a while and the
      /// program is not busy.
      var busy: Bool

      /// Everything the normal screen holds, top to bottom: the scrollback, then the rows.
      var lines: [String] { history + normalDisplay }

      /// The screen's rows, one a line.
      var screen: String { display.joined(separator: "\n") }

      var description: String {
        let state =
          exitStatus.map { "ended (\($0))" } ?? (isStopped ? "stopped" : "running")
        var text = [
          "a \(columns)x\(rows) terminal, the program \(state); cursor at \(cursor)"
            + (cursorHidden ? " (hidden)" : "") + "; modes \(modes.sorted())"
            + (alternateScreen ? "; the alternate screen on" : ""),
          "history (\(history.count) lines\(history.count > 10 ? ", the last 10" : "")):",
        ]
        text += history.suffix(10).map { "  |\($0)" }
        text.append("screen:")
        text += display.enumerated().map { "  \($0.offset)|\($0.element)" }
        if alternateScreen {
          text.append("normal screen:")
          text += normalDisplay.enumerated().map { "  \($0.offset)|\($0.element)" }
        }
        return text.joined(separator: "\n")
      }
    }

    /// When the terminal writes its answers to cursor position requests (`ESC [ 6 n`), so a
    /// test can make any terminal: one that answers at once, late (over ssh), in two parts,
    /// or never (expect-style drivers, some serial consoles).
    enum AnswerPolicy {
      /// As the screen is shown the request; the answers held so far first.
      case now
      /// Held until ``answer(_:split:)`` with `.release` or `.now`.
      case hold
      /// Never written.
      case never
      /// The answers held, now; then as `.now`.
      case release
      /// Held until the screen is shown `bytes` (what the program writes as it ends, say),
      /// then written at once, or `delay` later (an answer on its way over ssh).
      case after([UInt8], delay: Duration = .zero)

      var command: String {
        switch self {
        case .now: "now"
        case .hold: "hold"
        case .never: "never"
        case .release: "release"
        case .after(let bytes, let delay):
          "after " + ScrollbackTerminal.hex(bytes)
            + (delay > .zero ? " delay \(Int(delay / .milliseconds(1)))" : "")
        }
      }
    }

    /// The program's process id, which is also its process group's.
    private(set) var programID: Int32 = 0
    private let terminal: ChildProcess
    /// This side of the socket the terminal reads its commands from and writes replies to.
    private let channel: Int32
    private let directory: URL
    private var received: [UInt8] = []
    private var closed = false

    /// Starts `command` (its first word looked up on `PATH`) on a `columns`×`rows` terminal
    /// whose scrollback and screen already hold `history`, as a shell printed it.
    ///
    /// The program gets this process's environment without `COLUMNS`, `LINES` and `TMUX`
    /// (so it takes its size from the terminal), with `LANG=C.UTF-8` and `TERM=term`, then
    /// `environment`.
    ///
    /// - Parameters:
    ///   - resizedBeforeStart: the size the terminal is given (as ``resize(columns:rows:)``
    ///     gives it) after the history is written and before the program starts.
    ///   - holdsOutput: the screen shows nothing of what the program writes until
    ///     ``feedOutput(until:)``, ``feedOutput(before:)`` or ``releaseOutput()``.
    ///   - answers: the answer policy from the start: `.now`, `.hold` or `.never`.
    ///   - shellWaits: the session leader stays once the program has ended, as a shell does,
    ///     until ``shellInput()`` asks what it would read.
    init(
      command: [String], columns: Int = 80, rows: Int = 24, history: [String] = [],
      environment: [String: String] = [:], term: String = "xterm-256color",
      resizedBeforeStart: (columns: Int, rows: Int)? = nil, holdsOutput: Bool = false,
      answers: AnswerPolicy = .now, shellWaits: Bool = false
    ) throws {
      let python = try Self.interpreter.get()
      directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("screenkit-scrollback-\(UUID().uuidString.prefix(8))")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      var arguments = [
        Self.script, "--columns", "\(columns)", "--rows", "\(rows)", "--term", term,
        "--answers", answers.command,
      ]
      if let size = resizedBeforeStart {
        arguments += ["--resize-before-start", "\(size.columns)", "\(size.rows)"]
      }
      if holdsOutput { arguments.append("--hold-output") }
      if shellWaits { arguments.append("--shell-waits") }
      if !history.isEmpty {
        let file = directory.appendingPathComponent("history")
        try (history.joined(separator: "\n") + "\n").write(
          to: file, atomically: true, encoding: .utf8)
        arguments += ["--history-file", file.path]
      }
      arguments += ["--"] + command

      var merged = ProcessInfo.processInfo.environment
      for name in ["COLUMNS", "LINES", "TMUX"] { merged.removeValue(forKey: name) }
      merged["LANG"] = "C.UTF-8"
      merged.merge(environment) { _, new in new }

      // NB: a socket rather than pipes: a reply is read with a deadline, and a command sent
      // to a terminal that died fails (MSG_NOSIGNAL) rather than killing the tests (SIGPIPE).
      var ends: [Int32] = [-1, -1]
      guard
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends)
          == 0
      else {
        try? FileManager.default.removeItem(at: directory)
        throw E2EError("socketpair failed: \(String(cString: strerror(errno)))")
      }
      do {
        terminal = try ChildProcess(
          executable: python, arguments: arguments, input: ends[1], output: .descriptor(ends[1]),
          error: .captured, environment: merged)
      } catch {
        Glibc.close(ends[0])
        Glibc.close(ends[1])
        try? FileManager.default.removeItem(at: directory)
        throw E2EError("cannot start \(python): \(error)")
      }
      Glibc.close(ends[1])
      channel = ends[0]
      do {
        let ready = try reply(timeout: .seconds(30), to: "start")
        guard let pid = ready.pid else { throw E2EError("the terminal did not start the program") }
        programID = pid
      } catch {
        close()
        throw error
      }
    }

    deinit {
      close()
    }

    /// Kills the program and the terminal, and removes the scratch directory.
    func close() {
      guard !closed else { return }
      // The terminal kills the program's process group, waits for it and ends.
      let confirmed = (try? request("close", timeout: .seconds(15))) != nil
      closed = true
      terminal.end(by: Deadline(after: .seconds(5)))
      // NB: a terminal that did not say it killed the program may have left it running.
      if !confirmed && programID > 0 { kill(-programID, SIGKILL) }
      Glibc.close(channel)
      try? FileManager.default.removeItem(at: directory)
    }

    /// Types `text`: its UTF-8 bytes, written to the terminal as a user's keys are.
    ///
    /// Returns once they are in the terminal's input queue.
    func type(_ text: String) throws {
      try send(bytes: Array(text.utf8))
    }

    /// Writes `bytes` to the terminal's input, as typed (`0x03` is ^C, `0x1A` ^Z).
    func send(bytes: [UInt8]) throws {
      try request("keys " + Self.hex(bytes))
    }

    /// Two hexadecimal digits a byte, as the protocol takes bytes.
    static func hex(_ bytes: [UInt8]) -> String {
      let digits = Array("0123456789abcdef".utf8)
      var hex: [UInt8] = []
      for byte in bytes { hex += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
      return String(decoding: hex, as: UTF8.self)
    }

    private static func bytes(hex: String) -> [UInt8] {
      let digits = Array(hex.utf8)
      return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
        UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)
      }
    }

    /// Resizes the terminal, as a user dragging its window does: the screen and scrollback
    /// change as the terminal's documentation says (xterm's way), then the pty's size, which
    /// sends SIGWINCH to the foreground process group.
    func resize(columns: Int, rows: Int) throws {
      try request("resize \(columns) \(rows)")
    }

    /// Resizes the screen only, as a terminal does before it tells the pty: the program
    /// hears nothing and reads the old size until ``resizePty(columns:rows:)``.
    func resizeScreen(columns: Int, rows: Int) throws {
      try request("resize-screen \(columns) \(rows)")
    }

    /// Gives the pty a size (SIGWINCH to the program), the screen keeping its own.
    func resizePty(columns: Int, rows: Int) throws {
      try request("resize-pty \(columns) \(rows)")
    }

    /// Keeps what the program writes from now on from the screen, until it is fed.
    func holdOutput() throws {
      try request("output hold")
    }

    /// Shows the held output up to the end of the first `bytes` in it, waiting for the
    /// program to write them.
    ///
    /// NB: the emulator waits up to 30 s for them; the reply is awaited longer.
    func feedOutput(until bytes: [UInt8]) throws {
      try request("output feed-until " + Self.hex(bytes), timeout: .seconds(45))
    }

    /// Shows the held output up to the start of the first `bytes` in it, waiting for the
    /// program to write them.
    func feedOutput(before bytes: [UInt8]) throws {
      try request("output feed-before " + Self.hex(bytes), timeout: .seconds(45))
    }

    /// Shows all the held output, and from now on what the program writes as it comes.
    func releaseOutput() throws {
      try request("output release")
    }

    /// Sets when the answers to cursor position requests are written; with `split`, the
    /// first `split` bytes of each answer held go at once, and only the rest is held.
    func answer(_ policy: AnswerPolicy, split: Int? = nil) throws {
      try request("answers " + policy.command + (split.map { " split \($0)" } ?? ""))
    }

    /// What a shell would read from the terminal once the program has ended (the terminal
    /// was started with `shellWaits`): the answers and keys queued so far are written first.
    func shellInput() throws -> [UInt8] {
      let reply = try request("shell-input")
      guard let input = reply.input else { throw E2EError("no input in \(reply)") }
      return Self.bytes(hex: input)
    }

    /// Sends the signal named `name` (`SIGTERM` or `TERM`) to the program's process group.
    func signal(_ name: String) throws {
      try request("signal \(name)")
    }

    /// Closes the terminal's side of the pty, as when a terminal window is closed.
    ///
    /// The program gets SIGHUP (the session's leader passes it on, as a shell does) and end of
    /// file or EIO on reading. Snapshots still show what the terminal last showed.
    func hangup() throws {
      try request("hangup")
    }

    /// The terminal now.
    func snapshot() throws -> Snapshot {
      let reply = try request("snapshot")
      guard let history = reply.history, let display = reply.display, let normal = reply.normal,
        let cursor = reply.cursor, let modes = reply.modes, let columns = reply.columns,
        let rows = reply.rows
      else { throw E2EError("a snapshot without all its parts: \(reply)") }
      return Snapshot(
        history: history, display: display, normalDisplay: normal,
        emphasis: reply.emphasis ?? [], cursor: Position(row: cursor.row, column: cursor.column),
        cursorHidden: cursor.hidden,
        modes: Set(modes), alternateScreen: reply.alternate ?? false, columns: columns,
        rows: rows, isStopped: reply.state == "stopped", exitStatus: reply.exited?.status,
        received: reply.received ?? 0, requests: reply.requests ?? 0,
        heldAnswers: reply.heldAnswers ?? 0, heldOutput: reply.heldOutput ?? 0,
        answersAfterEnd: reply.answersAfterEnd ?? 0, busy: reply.busy ?? false)
    }

    /// Polls snapshots until `condition` holds and returns that one; fails the test with the
    /// last one when `timeout` passes first.
    @discardableResult
    func waitUntil(
      _ what: String = "the condition", timeout: Duration = .seconds(10),
      sourceLocation: SourceLocation = #_sourceLocation, _ condition: (Snapshot) -> Bool
    ) async throws -> Snapshot {
      var last: Snapshot?
      let held = try await Poll.until(timeout: timeout) { () -> Snapshot? in
        let snapshot = try snapshot()
        last = snapshot
        return condition(snapshot) ? snapshot : nil
      }
      if let held { return held }
      let seen = last.map(\.description) ?? "(no snapshot)"
      Issue.record(
        "timed out after \(timeout) waiting for \(what); the terminal was:\n\(seen)\(errors())",
        sourceLocation: sourceLocation)
      throw E2EError("timed out waiting for \(what)")
    }

    /// Polls for whole frames until `condition` holds for one, and returns it, with the last
    /// snapshot taken; `nil` for the frame when `timeout` passed first.
    ///
    /// A frame is whole when the program wrote nothing for `quiet` and was not busy at either
    /// end of it: quiet alone is not whole, as a program preempted between two writes of one
    /// frame (ncurses writes a large one in several) is quiet for as long as a busy machine
    /// keeps it waiting. `condition` sees every whole frame met on the way. Each round takes
    /// its own pair of looks, so the round after the deadline (a test task can go unscheduled
    /// for seconds on a busy machine) still looks at a whole frame.
    func wholeFrame(
      timeout: Duration, quiet: Duration = .milliseconds(50), _ condition: (Snapshot) -> Bool
    ) async throws -> (frame: Snapshot?, last: Snapshot) {
      let deadline = ContinuousClock.now.advanced(by: timeout)
      while true {
        let expired = ContinuousClock.now >= deadline
        let first = try snapshot()
        try await Task.sleep(for: quiet)
        let second = try snapshot()
        if first.received == second.received, !first.busy, !second.busy, condition(second) {
          return (second, second)
        }
        if expired { return (nil, second) }
      }
    }

    /// Polls until the screen shows every one of `texts` at once.
    @discardableResult
    func waitFor(
      _ texts: String..., timeout: Duration = .seconds(10),
      sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Snapshot {
      let wanted = texts.map { "\"\($0)\"" }.joined(separator: " and ")
      return try await waitUntil(wanted, timeout: timeout, sourceLocation: sourceLocation) {
        snapshot in
        texts.allSatisfy(snapshot.screen.contains)
      }
    }

    /// Waits until the program has ended (and its output has been read to the end) and
    /// returns how.
    @discardableResult
    func waitForExit(
      timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> WaitStatus {
      let ended = try await waitUntil(
        "the program to end", timeout: timeout, sourceLocation: sourceLocation
      ) { $0.exitStatus != nil }
      guard let status = ended.exitStatus else { throw E2EError("the program did not end") }
      return status
    }

    // MARK: The protocol

    /// One reply line of the terminal: the fields of whichever command it answers.
    private struct Reply: Decodable {
      struct Cursor: Decodable {
        var row: Int
        var column: Int
        var hidden: Bool
      }

      struct Exit: Decodable {
        var code: Int32?
        var signal: Int32?
        var core: Bool?

        var status: WaitStatus? {
          if let code { return .exited(code) }
          if let signal { return .signaled(signal, coreDumped: core ?? false) }
          return nil
        }
      }

      var error: String?
      var pid: Int32?
      var history: [String]?
      var display: [String]?
      var normal: [String]?
      var emphasis: [String]?
      var cursor: Cursor?
      var modes: [Int]?
      var alternate: Bool?
      var columns: Int?
      var rows: Int?
      var state: String?
      var exited: Exit?
      var received: Int?
      var requests: Int?
      var heldAnswers: Int?
      var heldOutput: Int?
      var answersAfterEnd: Int?
      var busy: Bool?
      var input: String?
    }

    /// Sends one command line and reads its reply; a reply with an error throws it.
    @discardableResult
    private func request(_ command: String, timeout: Duration = .seconds(30)) throws -> Reply {
      guard !closed else { throw E2EError("the scrollback terminal is closed") }
      let bytes = Array((command + "\n").utf8)
      var offset = 0
      while offset < bytes.count {
        let count = bytes[offset...].withUnsafeBytes {
          Glibc.send(channel, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        if count < 0 {
          if errno == EINTR { continue }
          throw E2EError(
            "cannot send \(command) to the scrollback terminal: "
              + "\(String(cString: strerror(errno)))\(errors())")
        }
        offset += count
      }
      return try reply(timeout: timeout, to: command)
    }

    private func reply(timeout: Duration, to command: String) throws -> Reply {
      let line = try readLine(by: ContinuousClock.now + timeout, for: command)
      let reply: Reply
      do {
        reply = try JSONDecoder().decode(Reply.self, from: Data(line.utf8))
      } catch {
        throw E2EError("an unreadable reply to \(command): \(line)\(errors())")
      }
      if let error = reply.error {
        throw E2EError("the scrollback terminal could not \(command): \(error)\(errors())")
      }
      return reply
    }

    private func readLine(by deadline: ContinuousClock.Instant, for command: String) throws
      -> String
    {
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: received[..<newline], as: UTF8.self)
          received.removeSubrange(...newline)
          return line
        }
        let left = deadline - ContinuousClock.now
        guard left > .zero else {
          throw E2EError("no reply to \(command) from the scrollback terminal\(errors())")
        }
        let milliseconds = Int32(clamping: left.components.seconds * 1000 + 1)
        var ready = pollfd(fd: channel, events: Int16(POLLIN), revents: 0)
        let polled = poll(&ready, 1, milliseconds)
        if polled < 0 && errno != EINTR {
          throw E2EError("poll failed: \(String(cString: strerror(errno)))")
        }
        guard polled > 0 else { continue }
        let count = buffer.withUnsafeMutableBytes { recv(channel, $0.baseAddress, $0.count, 0) }
        if count == 0 {
          throw E2EError("the scrollback terminal ended before it replied to \(command)\(errors())")
        }
        if count < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          throw E2EError(
            "cannot read from the scrollback terminal: \(String(cString: strerror(errno)))")
        }
        received += buffer[0..<count]
      }
    }

    /// What the terminal wrote to its standard error, for a failure's message.
    private func errors() -> String {
      let text = terminal.standardError()
      return text.isEmpty ? "" : "\nthe scrollback terminal's standard error:\n\(text)"
    }

    // MARK: Finding the terminal

    /// The emulator, beside this file.
    private static let script = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()
      .appendingPathComponent("scrollback-terminal.py").path

    /// Whether Python 3 with pyte is there: the suites on this terminal are skipped without it,
    /// as the tmux ones are without tmux (`.ci/run` installs both, and checks pyte imports).
    static var isAvailable: Bool {
      if case .success = interpreter { return true }
      return false
    }

    /// The Python interpreter `python3` on `PATH` runs, once it is known to have pyte.
    private static let interpreter: Result<String, E2EError> = {
      let probe = """
        import sys
        try:
            import pyte
        except ImportError:
            sys.exit(3)
        print(sys.executable)
        """
      guard let output = try? Shell.run(["python3", "-c", probe]) else {
        return .failure(
          E2EError("no python3 on PATH: the scrollback terminal needs Python 3 and pyte"))
      }
      switch output.status {
      case 0: return .success(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
      case 3:
        return .failure(
          E2EError("python3 has no pyte, which the scrollback terminal needs: pip install pyte"))
      default: return .failure(E2EError("python3 failed: \(output.stderr)"))
      }
    }()
  }
#endif

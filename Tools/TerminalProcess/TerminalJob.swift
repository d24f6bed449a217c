import CTerminalProcess

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A program run on a ``PseudoTerminal`` the way a shell runs a command typed at its prompt:
/// the foreground job of a session whose controlling terminal is that pty.
///
/// A forked session leader plays the shell: it takes the pty as its controlling terminal,
/// starts the program in a process group of its own, makes that group the terminal's
/// foreground one and reports every state change of the program through a pipe. So resizing
/// the pty delivers SIGWINCH, SIGTSTP really stops the program (a session leader's own group
/// would be orphaned, where the kernel discards it), and a hangup sends the shell SIGHUP,
/// which it forwards to the job as a shell does (or not: ``HangupHandling``).
///
/// Not thread-safe: one test owns it. ``end(by:)`` (or ``kill()``) must be called.
public final class TerminalJob {
  /// What the session leader does with the SIGHUP of a hangup.
  public enum HangupHandling: Sendable {
    /// Passes SIGHUP and SIGCONT on to the job's process group, as an interactive shell does.
    case forward
    /// Ignores it: the job learns of the hangup from its terminal alone (end of file, EIO),
    /// as a program whose terminal is not its controlling one does.
    case ignore
  }

  /// The pty the job runs on.
  public let terminal: PseudoTerminal
  /// The program's process id, which is also its process group id.
  public let pid: Int32
  /// The session leader's process id, which is also the session id.
  public let session: Int32
  /// Every state change of the program reported so far, in order.
  public private(set) var changes: [WaitStatus] = []
  private var report: Int32
  private var release: Int32
  private let errorFile: Int32
  private var pending: [UInt8] = []
  private var leaderStatus: WaitStatus?

  /// Starts `executable` with `arguments` and exactly `environment` on `terminal`, and waits
  /// (until `deadline`) for it to have been started.
  public init(
    executable: String, arguments: [String], environment: [String: String],
    terminal: PseudoTerminal, hangup: HangupHandling = .forward, by deadline: Deadline
  ) throws(TerminalProcessError) {
    guard terminal.follower >= 0 else { throw TerminalProcessError("the pty is closed") }
    var reportEnds: [Int32] = [-1, -1]
    var releaseEnds: [Int32] = [-1, -1]
    guard tp_pipe(&reportEnds) == 0 else { throw .systemCall("pipe2", errno: errno) }
    guard tp_pipe(&releaseEnds) == 0 else {
      close(reportEnds[0])
      close(reportEnds[1])
      throw .systemCall("pipe2", errno: errno)
    }
    let errorFile = tp_memory_file("standard error")
    guard errorFile >= 0 else {
      for descriptor in reportEnds + releaseEnds { close(descriptor) }
      throw .systemCall("memfd_create", errno: errno)
    }
    // NB: built before fork: the session leader may not allocate.
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp =
      environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    let session = tp_spawn_job(
      executable, argv, envp, terminal.follower, errorFile, reportEnds[1], releaseEnds[0],
      Int32(hangup == .forward ? TP_HANGUP_FORWARD : TP_HANGUP_IGNORE))
    let spawnError = errno
    close(reportEnds[1])
    close(releaseEnds[0])
    guard session > 0 else {
      close(reportEnds[0])
      close(releaseEnds[1])
      close(errorFile)
      throw .systemCall("fork", errno: spawnError)
    }
    self.terminal = terminal
    self.session = session
    self.report = reportEnds[0]
    self.release = releaseEnds[1]
    self.errorFile = errorFile
    var started: Int32?
    var failure: Int32?
    while started == nil && failure == nil {
      guard let record = Self.nextRecord(report, pending: &pending, terminal, by: deadline) else {
        break
      }
      switch record.kind {
      case Int32(TP_REPORT_STARTED): started = record.value
      case Int32(TP_REPORT_FAILED): failure = record.value
      default: break
      }
    }
    pid = started ?? -1
    guard let started, started > 0 else {
      let message =
        failure.map { "cannot start \(executable): \(String(cString: strerror($0)))" }
        ?? "\(executable) was not started in time"
      kill()
      throw TerminalProcessError(message)
    }
  }

  deinit {
    if report >= 0 { close(report) }
    if release >= 0 { close(release) }
    close(errorFile)
  }

  /// How the program ended, once it has.
  public var ending: WaitStatus? { changes.last.flatMap { $0.isEnding ? $0 : nil } }

  /// Whether the program is stopped now (as far as reported).
  public var isStopped: Bool {
    if case .stopped = changes.last { return true }
    return false
  }

  /// Sends `signal` to the program.
  public func signal(_ signal: Int32) {
    LibC.kill(pid, signal)
  }

  /// Sends `signal` to the program's process group, as the terminal does for Ctrl-C or Ctrl-Z
  /// and a shell's `fg` does with SIGCONT.
  public func signalGroup(_ signal: Int32) {
    LibC.kill(-pid, signal)
  }

  /// Reads the pty's output and the program's state changes until `condition` holds or
  /// `deadline` passes; returns whether it held.
  ///
  /// The condition is checked on every output or state change, and at least every 10 ms. A
  /// state change it sees comes with every byte the program wrote before it.
  @discardableResult
  public func wait(until deadline: Deadline, for condition: (TerminalJob) -> Bool) -> Bool {
    while true {
      // NB: reports first. A program that writes and then stops between a drain and the read
      // of its reports would be seen stopped without its last bytes.
      readReports()
      terminal.drain()
      if condition(self) { return true }
      guard !deadline.hasPassed else { return false }
      var descriptors = [pollfd(fd: report, events: Int16(POLLIN), revents: 0)]
      if terminal.leader >= 0 && !terminal.isAtEnd {
        descriptors.append(pollfd(fd: terminal.leader, events: Int16(POLLIN), revents: 0))
      }
      // NB: woken by output or a state change, and at least every 10 ms, for conditions on
      // other things (/proc, the clock).
      _ = poll(&descriptors, nfds_t(descriptors.count), min(deadline.remainingMilliseconds, 10))
    }
  }

  /// Waits until the program has ended and returns how, or `nil` if `deadline` passed first.
  public func waitForEnding(by deadline: Deadline) -> WaitStatus? {
    wait(until: deadline) { $0.ending != nil }
    return ending
  }

  /// Every process still in the program's session or process group, other than the session
  /// leader itself: what the program left behind once it has ended.
  public func processesLeft() -> [ProcessEntry] {
    ProcessTable.entries().filter { entry in
      entry.pid != session && (entry.session == session || entry.group == pid)
    }
  }

  /// Everything the program wrote to its standard error so far.
  public func standardError() -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var offset: off_t = 0
    while true {
      let count = buffer.withUnsafeMutableBytes {
        pread(errorFile, $0.baseAddress, $0.count, offset)
      }
      guard count > 0 else { break }
      bytes.append(contentsOf: buffer[0..<count])
      offset += off_t(count)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Lets the session leader go once the program has ended, and reaps it; returns how the
  /// leader ended (a clean exit unless something went wrong), or `nil` if it was still there
  /// at `deadline` (it is killed then).
  @discardableResult
  public func end(by deadline: Deadline) -> WaitStatus? {
    if let status = leaderStatus { return status }
    if release >= 0 {
      close(release)
      release = -1
    }
    while true {
      var status: Int32 = 0
      let result = waitpid(session, &status, WNOHANG)
      if result == session {
        leaderStatus = WaitStatus(raw: status)
        return leaderStatus
      }
      if result < 0 && errno != EINTR { return nil }
      if deadline.hasPassed {
        kill()
        return nil
      }
      // NB: the leader exits as soon as it reads end of file on the release pipe.
      terminal.drain()
      _ = poll(nil, 0, 2)
    }
  }

  /// Kills the program, everything in its session and the session leader, and reaps the
  /// leader; does nothing once the leader has been reaped (its ids may belong to others then).
  public func kill() {
    guard leaderStatus == nil else { return }
    for entry in ProcessTable.entries()
    where entry.session == session || (pid > 0 && entry.group == pid) {
      LibC.kill(entry.pid, SIGKILL)
    }
    if pid > 0 { LibC.kill(-pid, SIGKILL) }
    LibC.kill(session, SIGKILL)
    if release >= 0 {
      close(release)
      release = -1
    }
    var status: Int32 = 0
    while waitpid(session, &status, 0) < 0 && errno == EINTR {}
    leaderStatus = WaitStatus(raw: status)
  }

  private func readReports() {
    while let record = Self.nextRecord(report, pending: &pending, nil, by: nil) {
      if record.kind == Int32(TP_REPORT_STATUS) {
        changes.append(WaitStatus(raw: record.value))
      }
    }
  }

  /// The next record from the report pipe: waits for it until `deadline` (reading `terminal`
  /// meanwhile), or takes only what is there already when `deadline` is `nil`.
  private static func nextRecord(
    _ report: Int32, pending: inout [UInt8], _ terminal: PseudoTerminal?, by deadline: Deadline?
  ) -> (kind: Int32, value: Int32)? {
    let size = 2 * MemoryLayout<Int32>.size
    while pending.count < size {
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = buffer.withUnsafeMutableBytes { read(report, $0.baseAddress, $0.count) }
      if count > 0 {
        pending.append(contentsOf: buffer[0..<count])
        continue
      }
      if count < 0 && errno == EINTR { continue }
      guard count < 0, errno == EAGAIN, let deadline, !deadline.hasPassed else { return nil }
      terminal?.drain()
      var descriptor = pollfd(fd: report, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, min(deadline.remainingMilliseconds, 20))
    }
    let words = pending[0..<size].withUnsafeBytes { raw in
      (raw.load(fromByteOffset: 0, as: Int32.self), raw.load(fromByteOffset: 4, as: Int32.self))
    }
    pending.removeFirst(size)
    return (words.0, words.1)
  }
}

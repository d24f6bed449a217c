import CTerminalProcess

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A program started with `posix_spawn` as a plain child of this process, in a process group
/// of its own: on a terminal it was given (not its controlling one; ``TerminalJob`` runs a
/// program as a shell's foreground job), or with its output captured.
///
/// It starts with default signal dispositions and an empty signal mask, whatever this process
/// has, except for the signals it is told to start with blocked or ignored, as a parent (a
/// shell running it under `nohup`, say) hands them down. Its state changes are reaped by the
/// waits here, so stops and signals can be observed. Not thread-safe: one owner. A child not
/// seen to end is killed and reaped when this is released.
public final class ChildProcess {
  /// Where one of the child's output streams goes.
  public enum Output: Sendable {
    /// To this descriptor (a pty's follower side, say).
    case descriptor(Int32)
    /// To a file in memory, read by ``standardOutput()`` or ``standardError()``.
    case captured
    /// To `/dev/null`.
    case discarded
    /// Nowhere: the descriptor is closed, as a parent's `>&-` leaves it.
    case closed
  }

  /// What the child used, known once it has ended.
  public struct Usage: Sendable {
    /// User plus system CPU time of the whole child, every thread.
    public var processorTime: Duration
    /// The most resident memory it held (`ru_maxrss`), in bytes.
    public var peakResidentBytes: Int
  }

  /// The child's process id, which is also its process group id.
  public let pid: Int32
  /// When `posix_spawn` was called (`CLOCK_MONOTONIC`).
  public let spawnedAt: Duration
  /// Every state change of the child seen so far, in order.
  public private(set) var changes: [WaitStatus] = []
  /// What the child used, once it has ended.
  public private(set) var usage: Usage?
  private let outputFile: Int32
  private let errorFile: Int32

  /// Starts `executable` with `arguments`: standard input from `input` (`/dev/null` if `nil`),
  /// standard output and error as `output` and `error` say, and `environment` added to a
  /// minimal one (`PATH`, no Swift backtraces, this process's sanitizer options).
  public init(
    executable: String, arguments: [String] = [], input: Int32? = nil,
    output: Output = .captured, error: Output = .captured, environment: [String: String] = [:],
    blockedSignals: [Int32] = [], ignoredSignals: [Int32] = []
  ) throws(TerminalProcessError) {
    outputFile = Self.memoryFileIfCaptured(output, name: "standard output")
    errorFile = Self.memoryFileIfCaptured(error, name: "standard error")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let input {
      posix_spawn_file_actions_adddup2(&actions, input, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    for (stream, target, file) in [(Int32(1), output, outputFile), (2, error, errorFile)] {
      switch target {
      case .descriptor(let descriptor):
        posix_spawn_file_actions_adddup2(&actions, descriptor, stream)
      case .captured: posix_spawn_file_actions_adddup2(&actions, file, stream)
      case .discarded: posix_spawn_file_actions_addopen(&actions, stream, "/dev/null", O_WRONLY, 0)
      case .closed: posix_spawn_file_actions_addclose(&actions, stream)
      }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigfillset(&defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    for signal in blockedSignals { sigaddset(&mask, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &mask)
    // NB: a process group of its own, so job control (SIGTSTP) is not discarded as it would be
    // in an orphaned group, and a ^C meant for this process does not reach the child.
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

    var merged = ["PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no"]
    // Sanitizer settings reach the child, which is built with the same sanitizer.
    for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"] {
      if let value = getenv(name) { merged[name] = String(cString: value) }
    }
    merged.merge(environment) { _, new in new }
    var command = [executable] + arguments
    if !ignoredSignals.isEmpty {
      // NB: posix_spawn can only reset dispositions; a shell's `trap ''` then exec hands an
      // ignored signal down the way a parent does.
      let numbers = ignoredSignals.map(String.init).joined(separator: " ")
      command = ["/bin/sh", "-c", "trap '' \(numbers); exec \"$0\" \"$@\""] + command
    }
    let argv = command.map { strdup($0) } + [nil]
    let envp = merged.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    spawnedAt = monotonicNow()
    let result = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
    guard result == 0 else {
      if outputFile >= 0 { close(outputFile) }
      if errorFile >= 0 { close(errorFile) }
      throw .systemCall("posix_spawn \(executable)", errno: result)
    }
    self.pid = pid
  }

  deinit {
    kill()
    if outputFile >= 0 { close(outputFile) }
    if errorFile >= 0 { close(errorFile) }
  }

  private static func memoryFileIfCaptured(_ output: Output, name: String) -> Int32 {
    guard case .captured = output else { return -1 }
    return tp_memory_file(name)
  }

  /// How the child ended, once it has (as far as seen by a wait).
  public var ending: WaitStatus? { changes.last.flatMap { $0.isEnding ? $0 : nil } }

  /// Sends `signal` to the child.
  public func signal(_ signal: Int32) {
    guard ending == nil else { return }
    LibC.kill(pid, signal)
  }

  /// Waits until the child has stopped (since this call) and returns whether it did by
  /// `deadline`.
  public func waitForStop(by deadline: Deadline) -> Bool {
    let seen = changes.count
    return waitUntil(deadline) {
      $0.changes[seen...].contains {
        if case .stopped = $0 { return true }
        return false
      }
    }
  }

  /// Waits until the child has ended and returns how; `nil` if it had not by `deadline`.
  @discardableResult
  public func waitForEnding(by deadline: Deadline) -> WaitStatus? {
    _ = waitUntil(deadline) { $0.ending != nil }
    return ending
  }

  /// Waits until the child has ended, killing it if it has not by `deadline`; returns how it
  /// ended.
  @discardableResult
  public func end(by deadline: Deadline) -> WaitStatus {
    if let ending = waitForEnding(by: deadline) { return ending }
    kill()
    return ending ?? .signaled(SIGKILL, coreDumped: false)
  }

  /// Kills the child (SIGKILL) and reaps it, unless it was seen to end already.
  public func kill() {
    guard ending == nil else { return }
    LibC.kill(pid, SIGKILL)
    while ending == nil {
      guard reap(options: 0) else { return }
    }
  }

  /// Reaps state changes until `condition` holds or `deadline` passes, every 2 ms.
  private func waitUntil(_ deadline: Deadline, _ condition: (ChildProcess) -> Bool) -> Bool {
    while true {
      while ending == nil, reap(options: WNOHANG) {}
      if condition(self) { return true }
      guard !deadline.hasPassed, ending == nil else { return false }
      pauseThread(.milliseconds(2))
    }
  }

  /// Takes one state change of the child, if there is one; returns whether there was.
  private func reap(options: Int32) -> Bool {
    var status: Int32 = 0
    var resources = rusage()
    let result = wait4(pid, &status, options | WUNTRACED | WCONTINUED, &resources)
    if result < 0 && errno == EINTR { return true }
    guard result == pid else { return false }
    let change = WaitStatus(raw: status)
    changes.append(change)
    if change.isEnding {
      usage = Usage(
        processorTime: .seconds(resources.ru_utime.tv_sec + resources.ru_stime.tv_sec)
          + .microseconds(resources.ru_utime.tv_usec + resources.ru_stime.tv_usec),
        peakResidentBytes: resources.ru_maxrss * 1024)
    }
    return true
  }

  /// The live processes in the child's process group, which it leads: the child and what it
  /// started; ended ones not yet reaped (zombies) count only when `zombies` is true.
  public func processesInGroup(zombies: Bool = false) -> [Int32] {
    ProcessTable.entries().filter { entry in
      entry.group == pid && (zombies || (entry.state != "Z" && entry.state != "X"))
    }.map(\.pid)
  }

  #if arch(arm64)
    private static let writeSystemCall = 64
  #else
    private static let writeSystemCall = 1
  #endif

  /// Whether one of the child's threads is blocked in `write`, as when its terminal does not
  /// read fast enough.
  public func isBlockedInWrite() -> Bool {
    ProcFiles.threadIDs(of: pid).contains { task in
      let call = ProcFiles.read("/proc/\(pid)/task/\(task)/syscall")
      return call?.split(separator: " ").first == "\(Self.writeSystemCall)"
    }
  }

  /// Everything the child wrote to a captured standard output so far.
  public func standardOutput() -> String { Self.contents(of: outputFile) }

  /// Everything the child wrote to a captured standard error so far.
  public func standardError() -> String { Self.contents(of: errorFile) }

  private static func contents(of file: Int32) -> String {
    guard file >= 0 else { return "" }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var offset: off_t = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, offset) }
      guard count > 0 else { break }
      bytes.append(contentsOf: buffer[0..<count])
      offset += off_t(count)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The directory of this process's executable: where SwiftPM puts the package's other
  /// products (and, for tests, the test bundle).
  public static var productsDirectory: String {
    let path = executablePath
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
  }

  /// This process's own executable.
  public static var executablePath: String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments[0] }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A child process started with `posix_spawn`: the demo or a test host on a pty, or this
/// benchmark in a probe mode with its output on a pipe.
final class ChildProcess {
  /// The child's process id.
  let pid: pid_t
  /// When `posix_spawn` was called (`CLOCK_MONOTONIC`).
  let spawnedAt: Duration
  private let outputRead: Int32?

  /// Starts `executable`; standard input and output go to `terminal` if given (else output
  /// goes to a pipe read by ``readOutput()``); standard error is discarded.
  init?(executable: String, arguments: [String], terminal: Int32?, environment: [String: String]) {
    var pipe: [Int32] = [-1, -1]
    if terminal == nil {
      guard openPipe(&pipe) else { return nil }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let terminal {
      posix_spawn_file_actions_adddup2(&actions, terminal, 0)
      posix_spawn_file_actions_adddup2(&actions, terminal, 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
      posix_spawn_file_actions_addclose(&actions, pipe[0])
      posix_spawn_file_actions_addclose(&actions, pipe[1])
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var merged = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no"]
    merged.merge(environment) { _, new in new }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    spawnedAt = Clocks.monotonic()
    let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    if terminal == nil { close(pipe[1]) }
    guard result == 0 else {
      if terminal == nil { close(pipe[0]) }
      return nil
    }
    self.pid = pid
    outputRead = terminal == nil ? pipe[0] : nil
  }

  /// Everything the child wrote to standard output, read until it closes it.
  func readOutput() -> String {
    guard let outputRead else { return "" }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(outputRead, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: buffer[0..<count])
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    close(outputRead)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// How a child ended and the most memory it held.
  struct Ending {
    /// The exit status, or `nil` when a signal ended it.
    var status: Int32?
    /// The child's peak resident set size (`ru_maxrss`), in bytes.
    var peakResidentBytes: Int
    /// User plus system CPU time of the whole child, every thread (`ru_utime + ru_stime`).
    var cpu: Duration = .zero
  }

  /// Waits for the child to end, killing it after `timeout`.
  func wait(timeout: Duration = .seconds(10)) -> Ending {
    let deadline = Clocks.monotonic() + timeout
    var status: Int32 = 0
    var usage = rusage()
    while true {
      let result = wait4(pid, &status, WNOHANG, &usage)
      if result == pid { break }
      if Clocks.monotonic() > deadline {
        kill(pid, SIGKILL)
        wait4(pid, &status, 0, &usage)
        break
      }
      Clocks.sleep(.milliseconds(2))
    }
    let exited = status & 0x7f == 0
    let cpu =
      Duration.seconds(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + .microseconds(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    return Ending(
      status: exited ? (status >> 8) & 0xff : nil, peakResidentBytes: usage.ru_maxrss * 1024,
      cpu: cpu)
  }

  /// The directory this benchmark's executable is in: where SwiftPM puts the other products.
  static var productsDirectory: String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return "." }
    let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
  }

  /// This benchmark's own executable.
  static var selfExecutable: String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments[0] }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// Opens a blocking pipe (the child closes both ends after taking its copy with `dup2`).
private func openPipe(_ descriptors: inout [Int32]) -> Bool {
  descriptors.withUnsafeMutableBufferPointer { systemPipe($0.baseAddress) } == 0
}

// NB: at file scope these name the C library's functions, which members of the same name hide
// inside the types above; a module-qualified call would name one C library only.
private func systemPipe(_ descriptors: UnsafeMutablePointer<Int32>?) -> Int32 { pipe(descriptors) }

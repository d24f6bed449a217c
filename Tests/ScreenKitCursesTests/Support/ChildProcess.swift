import CNCurses
import Foundation
import Glibc

/// A child process started with `posix_spawn`, its standard input and output on a given
/// terminal (or file) and its standard error captured, reaped with `waitpid` by the test so
/// that stops and signals can be observed.
final class ChildProcess {
  /// How the child ended.
  enum Ending: Equatable {
    case exited(Int32)
    case signaled(Int32)
  }

  let pid: pid_t
  private let errorRead: Int32

  /// Starts `executable` with `arguments`, fds 0 and 1 on `input`/`output`, and `environment`
  /// added to a minimal one.
  init(
    executable: String, arguments: [String] = [], input: Int32, output: Int32,
    environment: [String: String], blockedSignals: [Int32] = []
  ) throws {
    var errorPipe: [Int32] = [-1, -1]
    // NB: close-on-exec, so children spawned by parallel tests do not hold each other's pipes.
    guard sk_pipe(&errorPipe) == 0 else { throw POSIXError(.EIO) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input, 0)
    posix_spawn_file_actions_adddup2(&actions, output, 1)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The child gets default dispositions and an empty mask whatever the test runner has.
    var defaults = sigset_t()
    sigfillset(&defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    for signal in blockedSignals { sigaddset(&mask, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &mask)
    // NB: a process group of its own, so job control (SIGTSTP) is not discarded as it would be
    // in an orphaned group, and a ^C meant for the test runner does not reach the child.
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

    var merged = ["PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no"]
    // Sanitizer settings reach the child, which is built with the same sanitizer.
    for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"] {
      if let value = getenv(name) { merged[name] = String(cString: value) }
    }
    merged.merge(environment) { _, new in new }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    close(errorPipe[1])
    guard result == 0 else {
      close(errorPipe[0])
      throw POSIXError(.init(rawValue: result) ?? .EIO)
    }
    self.pid = pid
    self.errorRead = errorPipe[0]
  }

  /// Sends `signal` to the child.
  func send(_ signal: Int32) {
    kill(pid, signal)
  }

  /// Waits (with a deadline) for the child to stop; returns whether it did.
  func waitForStop(timeout: Duration) -> Bool {
    waitUntil(timeout: timeout) {
      var status: Int32 = 0
      let result = waitpid(pid, &status, WNOHANG | WUNTRACED)
      return result == pid && (status & 0xff) == 0x7f
    }
  }

  /// Waits (with a deadline) for the child to end, killing it if it does not.
  func waitForEnd(timeout: Duration = .seconds(20)) -> Ending? {
    var ending: Ending?
    let ended = waitUntil(timeout: timeout) {
      var status: Int32 = 0
      guard waitpid(pid, &status, WNOHANG) == pid else { return false }
      let signal = status & 0x7f
      if signal == 0 {
        ending = .exited((status >> 8) & 0xff)
        return true
      } else if signal != 0x7f {
        ending = .signaled(signal)
        return true
      }
      return false
    }
    if !ended {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    return ending
  }

  /// Everything the child wrote to standard error (read after it ended).
  func standardError() -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(errorRead, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      bytes.append(contentsOf: buffer[0..<count])
    }
    close(errorRead)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The path of an executable built next to the test bundle.
  static func builtExecutable(_ name: String) -> String {
    let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return bundle.deletingLastPathComponent().appendingPathComponent(name).path
  }
}

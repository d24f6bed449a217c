import CNCurses
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
  private var capturedError: String?
  /// The processor time (user and system) the child used, known once it was reaped.
  private(set) var processorTime: Duration?

  /// Starts `executable` with `arguments`, fds 0 and 1 on `input`/`output`, and `environment`
  /// added to a minimal one.
  ///
  /// Standard error is captured unless `errorOutput` names a descriptor for it. The child
  /// starts with `blockedSignals` blocked and `ignoredSignals` ignored, as a parent (a shell
  /// running it under `nohup`, say) would hand them down through `exec`.
  init(
    executable: String, arguments: [String] = [], input: Int32, output: Int32,
    errorOutput: Int32? = nil, environment: [String: String], blockedSignals: [Int32] = [],
    ignoredSignals: [Int32] = []
  ) throws {
    var errorPipe: [Int32] = [-1, -1]
    // NB: close-on-exec, so children spawned by parallel tests do not hold each other's pipes.
    guard sk_pipe(&errorPipe) == 0 else { throw POSIXError(.EIO) }
    // NB: an opaque pointer on Darwin, a structure with glibc and musl.
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input, 0)
    posix_spawn_file_actions_adddup2(&actions, output, 1)
    posix_spawn_file_actions_adddup2(&actions, errorOutput ?? errorPipe[1], 2)
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t?
    #else
      var attributes = posix_spawnattr_t()
    #endif
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
    var command = [executable] + arguments
    if !ignoredSignals.isEmpty {
      // NB: posix_spawn can only reset dispositions; a shell's `trap ''` then exec hands an
      // ignored signal down the way a parent does.
      let numbers = ignoredSignals.map(String.init).joined(separator: " ")
      command = ["/bin/sh", "-c", "trap '' \(numbers); exec \"$0\" \"$@\""] + command
    }
    let argv = command.map { strdup($0) } + [nil]
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
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
      var usage = rusage()
      guard wait4(pid, &status, WNOHANG, &usage) == pid else { return false }
      processorTime =
        .seconds(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + .microseconds(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
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

  /// The processes in the child's process group, which it leads.
  ///
  /// That is the child and anything it started; zombies (ended, not yet reaped) count only
  /// when `zombies` is true.
  func processesInGroup(zombies: Bool = false) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> pid_t? in
      guard let process = pid_t(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { return nil }
      // After "pid (name) ": state, ppid, pgrp.
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      guard fields.count > 2, zombies || (fields[0] != "Z" && fields[0] != "X"),
        pid_t(fields[2]) == pid
      else { return nil }
      return process
    }
  }

  #if arch(arm64)
    private static let writeSystemCall = 64
  #else
    private static let writeSystemCall = 1
  #endif

  /// Whether one of the child's threads is blocked in `write`, as when its terminal does not
  /// read fast enough.
  func isBlockedInWrite() -> Bool {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.contains { task in
      let call = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/syscall", encoding: .utf8)
      return call?.split(separator: " ").first == "\(Self.writeSystemCall)"
    }
  }

  /// Everything the child wrote to standard error (read after it ended; later calls return
  /// the same text).
  func standardError() -> String {
    if let capturedError { return capturedError }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(errorRead, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      bytes.append(contentsOf: buffer[0..<count])
    }
    close(errorRead)
    capturedError = String(decoding: bytes, as: UTF8.self)
    return capturedError ?? ""
  }

  /// The path of an executable built next to the test bundle.
  static func builtExecutable(_ name: String) -> String {
    #if os(Linux)
      let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
      // NB: on Darwin the tests run inside xctest, from a bundle in the build folder.
      let bundle =
        Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
        ?? URL(fileURLWithPath: CommandLine.arguments[0])
    #endif
    return bundle.deletingLastPathComponent().appendingPathComponent(name).path
  }
}

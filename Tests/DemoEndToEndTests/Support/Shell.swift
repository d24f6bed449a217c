import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs short-lived commands and quotes words for `sh`.
///
/// NB: it spawns and reaps children itself (`posix_spawnp` with a clean signal mask,
/// `waitpid`) and sends their output to files rather than pipes: under Foundation's `Process`
/// the tmux client of `new-session` was never reaped, and its server (which inherited the
/// test thread's blocked signals) never exited.
enum Shell {
  /// The result of a finished command.
  struct Output {
    /// The exit status, or 128 + the signal that ended it.
    var status: Int32
    /// Everything written to standard output.
    var stdout: String
    /// Everything written to standard error.
    var stderr: String
  }

  /// Runs `arguments` (the first looked up on `PATH`) with standard input from `/dev/null`.
  @discardableResult
  static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Output {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenkit-e2e-shell-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outPath = scratch.appendingPathComponent("stdout").path
    let errPath = scratch.appendingPathComponent("stderr").path

    // NB: an opaque pointer on Darwin, a structure with glibc and musl.
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    let environment = environment ?? ProcessInfo.processInfo.environment
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    // NB: the calling thread is a concurrency worker with most signals blocked; a child
    // inheriting that mask (tmux, its server, the shell in its pane) would never see SIGCHLD
    // or SIGHUP, so `kill-server` could not end it. Children start with no signal blocked
    // and every disposition at its default.
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t?
    #else
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      throw E2EError("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw E2EError("waitpid failed for \(arguments[0])") }
    }
    // The low seven bits hold the terminating signal, or 0 for a normal exit.
    let signal = status & 0x7F
    return Output(
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
      stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
  }

  /// `word` quoted for `sh`, so paths with spaces or CJK characters pass through unchanged.
  static func quote(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Whether `tmux` is on `PATH`.
  static let hasTmux: Bool = (try? run(["tmux", "-V"]).status) == 0
}

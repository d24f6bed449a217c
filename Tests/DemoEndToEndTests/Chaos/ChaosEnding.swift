#if os(Linux)
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif
  import TerminalProcess

  /// How a chaos case ends the demo, and the exit status each way is documented to give.
  enum ChaosEnding: Hashable, CustomStringConvertible {
    /// `q` typed: the demo quits normally.
    case quit
    /// A terminating signal sent to the demo.
    case signal(Int32)
    /// The terminal hung up (its leader side closed). With `forwarded`, the session leader
    /// passes its SIGHUP on to the job as a shell does; without, the demo learns of the hangup
    /// from its terminal alone.
    case hangup(forwarded: Bool)

    /// Every catchable signal whose default action ends the process.
    static let terminatingSignals: [Int32] = [
      SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
      SIGXCPU, SIGXFSZ, SIGSYS,
    ]

    /// Every ending, in the order `SCREENKIT_CHAOS_ENDINGS` lists them.
    static let all: [ChaosEnding] =
      [.quit, .hangup(forwarded: true), .hangup(forwarded: false)] + terminatingSignals.map(signal)

    /// The name `SCREENKIT_CHAOS_ENDINGS` uses: `q`, `hangup`, `hangup-unforwarded`, or a
    /// signal's name without `SIG` (`INT`, `USR1`).
    var name: String {
      switch self {
      case .quit: "q"
      case .hangup(let forwarded): forwarded ? "hangup" : "hangup-unforwarded"
      case .signal(let signal): String(SignalName.of(signal).dropFirst(3))
      }
    }

    /// Whether the terminal still exists afterwards, so its modes and last bytes can be read.
    var leavesATerminal: Bool {
      if case .hangup = self { return false }
      return true
    }

    /// What the session leader does with a hangup's SIGHUP in this case.
    var hangupHandling: TerminalJob.HangupHandling {
      if case .hangup(forwarded: false) = self { return .ignore }
      return .forward
    }

    /// Whether `status` is the documented one for this ending.
    ///
    /// - `q`: exit status 0 (`DemoApplication` returns from `run()`).
    /// - A signal: killed by that same signal, after restoring the terminal
    ///   (`TerminalRestorer` re-raises it with the default action).
    /// - A hangup: killed by SIGHUP (the restorer's path when SIGHUP arrives first), or exit
    ///   status 0 when end of file on the terminal is read first
    ///   (`CursesApplication.readInput` quits as `q` does). Which comes first is a race in
    ///   every shell, so both are documented outcomes.
    func accepts(_ status: WaitStatus) -> Bool {
      switch (self, status) {
      case (.quit, .exited(0)): true
      case (.signal(let sent), .signaled(let received, _)): sent == received
      case (.hangup, .signaled(SIGHUP, _)), (.hangup, .exited(0)): true
      default: false
      }
    }

    /// The documented status, in words.
    var documentedStatus: String {
      switch self {
      case .quit: "exit status 0"
      case .signal(let signal): "killed by \(SignalName.of(signal))"
      case .hangup: "killed by SIGHUP, or exit status 0 on end of file"
      }
    }

    var description: String {
      switch self {
      case .quit: "q"
      case .signal(let signal): SignalName.of(signal)
      case .hangup(let forwarded):
        forwarded ? "hangup (SIGHUP forwarded by the shell)" : "hangup (no SIGHUP for the job)"
      }
    }
  }
#endif

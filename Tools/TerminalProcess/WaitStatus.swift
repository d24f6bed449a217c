/// A child's state change as `waitpid` reports it.
public enum WaitStatus: Hashable, Sendable, CustomStringConvertible {
  /// It exited with this status.
  case exited(Int32)
  /// A signal ended it (`coreDumped` when the signal's default action dumped core).
  case signaled(Int32, coreDumped: Bool)
  /// A signal stopped it.
  case stopped(Int32)
  /// SIGCONT resumed it.
  case continued

  /// Decodes a raw `waitpid` status.
  public init(raw status: Int32) {
    let low = status & 0x7f
    if status == 0xffff {
      self = .continued
    } else if low == 0 {
      self = .exited((status >> 8) & 0xff)
    } else if low == 0x7f {
      self = .stopped((status >> 8) & 0xff)
    } else {
      self = .signaled(low, coreDumped: status & 0x80 != 0)
    }
  }

  /// Whether the process has ended (exited or killed), rather than stopped or continued.
  public var isEnding: Bool {
    switch self {
    case .exited, .signaled: true
    case .stopped, .continued: false
    }
  }

  /// The change in words: "exited with status 0", "killed by SIGINT".
  public var description: String {
    switch self {
    case .exited(let code): "exited with status \(code)"
    case .signaled(let signal, let core):
      "killed by \(SignalName.of(signal))" + (core ? " (core dumped)" : "")
    case .stopped(let signal): "stopped by \(SignalName.of(signal))"
    case .continued: "continued"
    }
  }
}

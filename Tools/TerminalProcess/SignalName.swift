import CTerminalProcess

/// Readable names of signal numbers, for messages.
public enum SignalName {
  /// `SIGUSR1` for `SIGUSR1`'s number; `signal 99` for a number the C library does not know.
  public static func of(_ signal: Int32) -> String {
    guard let abbreviation = tp_signal_abbreviation(signal) else { return "signal \(signal)" }
    return "SIG" + String(cString: abbreviation)
  }
}

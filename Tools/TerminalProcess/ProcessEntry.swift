/// One process as `/proc/PID/stat` describes it.
public struct ProcessEntry: Hashable, Sendable, CustomStringConvertible {
  /// Its process id.
  public var pid: Int32
  /// Its parent's process id.
  public var parent: Int32
  /// Its process group id.
  public var group: Int32
  /// Its session id.
  public var session: Int32
  /// The foreground process group of its controlling terminal, or -1 without one.
  public var terminalGroup: Int32
  /// Its state letter (`R`, `S`, `T` stopped, `Z` zombie, ...).
  public var state: Character
  /// Its command name (at most 15 bytes).
  public var command: String
  /// The processor time it has used, user and system together.
  public var processorTime: Duration

  /// The process id, command, state, parent, group and session in one line.
  public var description: String {
    "\(pid) \(command) (state \(state), parent \(parent), group \(group), session \(session))"
  }
}

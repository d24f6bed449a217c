/// How one task of a group ended: its label, how long it ran, and its error if it failed.
public struct TaskOutcome: Sendable {
  /// The task's label, as its row and its line showed it.
  public let label: String
  /// How long it ran.
  public let elapsed: Duration
  /// What it threw; `nil` when it succeeded.
  public let error: (any Error)?

  /// Whether the task threw.
  public var failed: Bool { error != nil }

  /// The error's one line, as the task's finished line shows it; `nil` when it succeeded.
  public var message: String? {
    error.map { String(describing: $0) }
  }
}

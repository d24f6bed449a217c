/// How a group of tasks ended: each task's outcome, in the order they finished.
public struct TaskGroupResult: Sendable {
  /// Every task's outcome, in the order they finished.
  public let outcomes: [TaskOutcome]

  /// The tasks that threw, in the order they finished.
  public var failures: [TaskOutcome] { outcomes.filter(\.failed) }

  /// Whether every task succeeded.
  public var succeeded: Bool { outcomes.allSatisfy { !$0.failed } }
}

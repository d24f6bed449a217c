/// What one task of a group reports to its row, from any thread; cheap to call at any rate,
/// as the row reads it only when the region draws.
public struct TaskReporter: Sendable {
  let id: Int
  let state: TaskGroupState
  /// The task's label.
  public let label: String

  /// Shows `fraction` done (0 to 1; `nil` for a task that cannot tell) and, when given,
  /// `detail` after the bar ("downloading").
  public func progress(_ fraction: Double?, _ detail: String? = nil) {
    state.progress(id, fraction: fraction, detail: detail)
  }

  /// Prints `line` above the region; it stays in the scrollback.
  public func log(_ line: String) {
    state.log(line)
  }
}

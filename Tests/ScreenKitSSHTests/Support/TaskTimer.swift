@testable import ScreenKitSSH

/// A timer on a task.
struct TaskTimer: SessionTimer {
  let task: Task<Void, any Error>

  func cancel() { task.cancel() }
}

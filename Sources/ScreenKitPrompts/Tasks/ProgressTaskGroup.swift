/// The group a ``Prompts/tasks(_:maximumRows:_:)`` body adds its tasks to: each task is a
/// child task of a Swift task group, reports to its own row, and finishes into one line.
public final class ProgressTaskGroup: Sendable {
  private struct Job: Sendable {
    let id: Int
    let label: String
    let operation: @Sendable (TaskReporter) async throws -> Void
  }

  let state: TaskGroupState
  private let jobs: AsyncStream<Job>
  private let continuation: AsyncStream<Job>.Continuation

  init(state: TaskGroupState) {
    self.state = state
    (jobs, continuation) = AsyncStream.makeStream(of: Job.self)
  }

  /// Starts `operation` as a child task of the group, its row labelled `label`.
  ///
  /// It gets a ``TaskReporter`` for its progress and logs. What it throws fails the task (its
  /// line says the error), not the group.
  public func addTask(
    _ label: String, operation: @escaping @Sendable (TaskReporter) async throws -> Void
  ) {
    let id = state.add()
    continuation.yield(Job(id: id, label: label, operation: operation))
  }

  /// Prints `line` above the region; it stays in the scrollback.
  public func log(_ line: String) {
    state.log(line)
  }

  /// Runs `body`, then every task it added, until all finished; returns what `body` threw.
  ///
  /// When `body` throws or the run is cancelled, the tasks still running are cancelled.
  func run(_ body: @escaping @Sendable (ProgressTaskGroup) async throws -> Void) async
    -> (any Error)?
  {
    let bodyError = await withTaskGroup(of: (any Error)?.self) { group in
      group.addTask {
        defer { self.continuation.finish() }
        do {
          try await body(self)
          return nil
        } catch {
          return error
        }
      }
      for await job in jobs {
        group.addTask {
          let reporter = TaskReporter(id: job.id, state: self.state, label: job.label)
          self.state.start(job.id, label: job.label)
          do {
            try await job.operation(reporter)
            self.state.finish(job.id, error: nil)
          } catch {
            self.state.finish(job.id, error: error)
          }
          return nil
        }
      }
      var first: (any Error)?
      while let result = await group.next() {
        if let error = result, first == nil {
          first = error
          group.cancelAll()
        }
      }
      return first
    }
    state.markDone()
    return bodyError
  }
}

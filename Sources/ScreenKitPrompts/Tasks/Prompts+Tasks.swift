import ScreenKit

extension Prompts {
  /// Runs a group of concurrent tasks at the cursor, a row each, and returns how each ended.
  ///
  /// `body` adds the tasks (``ProgressTaskGroup/addTask(_:operation:)``), each a child task of
  /// a Swift task group that reports to its row through a ``TaskReporter``: a spinner, its
  /// label, a bar when it tells its progress, its time, a detail. Each task finishes into one
  /// line above the region (`✔ label 1.2s`, or `✘ label 0.3s: error`), and logs print above
  /// it at any rate. More tasks running than `maximumRows` fold into a last row, `and 183
  /// more`. The region draws ten frames a second, whatever the rate of the reports.
  ///
  /// When nobody's terminal can show it (``Interactivity``), nothing is drawn: each finished
  /// task and each log is one plain line on standard output as it comes. Ctrl-C ends the
  /// program as the terminal's interrupt does (status 130), the tasks with it, the terminal
  /// put back.
  ///
  /// - Returns: every task's outcome; a task that threw failed, and the result says which
  ///   (``TaskGroupResult/failures``). The tasks' errors are not rethrown.
  /// - Throws: what `body` itself threw (the tasks still running are cancelled first), or
  ///   ``PromptError/terminalFailed(question:reason:)`` when the terminal could not be set up.
  @MainActor
  public func tasks(
    _ title: String, maximumRows: Int = 8,
    _ body: @escaping @Sendable (ProgressTaskGroup) async throws -> Void
  ) async throws -> TaskGroupResult {
    let theme = effectiveTheme
    let origin = ContinuousClock.now
    let now: @Sendable () -> Duration = { ContinuousClock.now - origin }
    switch environment.interactivity() {
    case .notInteractive:
      let writeLine = environment.writeLine
      let symbols = theme.symbols
      let state = TaskGroupState(now: now) { line in
        writeLine(TaskLines.text(for: line, symbols: symbols))
      }
      let group = ProgressTaskGroup(state: state)
      if let error = await group.run(body) { throw error }
      return TaskGroupResult(outcomes: state.outcomes)
    case .interactive:
      let state = TaskGroupState(now: now)
      let group = ProgressTaskGroup(state: state)
      let work = Task.detached { await group.run(body) }
      let result: TaskGroupResult?
      do {
        result = try await InlineRun.run(rows: 1) { (context: InlineRunContext<TaskGroupResult>) in
          TaskGroupScreen(
            title: title, state: state, theme: theme, maximumRows: maximumRows,
            print: { context.print($0) }, setHeight: { context.setHeight($0) },
            finish: { context.finish($0) })
        }
      } catch {
        work.cancel()
        _ = await work.value
        throw PromptError.terminalFailed(question: title, reason: error.description)
      }
      if result == nil { work.cancel() }
      if let error = await work.value { throw error }
      return result ?? TaskGroupResult(outcomes: state.outcomes)
    }
  }
}

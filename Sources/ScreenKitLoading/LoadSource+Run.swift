import ScreenKit

/// One run of a ``LoadSource``, as ``LoadSource/run(on:post:report:receive:)`` started it.
@MainActor
struct LoadRun<Value: Sendable> {
  /// A callback's answer given before its `load` returned, for the caller to take at once, so
  /// the spinner is never drawn for it; such an answer is not handed to `receive`.
  let immediate: LoadAnswer<Value>?
  fileprivate let task: Task<Void, Never>?
  fileprivate let cancelHook: (@MainActor () -> Void)?

  /// Abandons the run: its task is cancelled, and the callback source's cancel hook runs unless
  /// the run has `answered`.
  func cancel(answered: Bool) {
    task?.cancel()
    if !answered { cancelHook?() }
  }
}

extension LoadSource {
  /// Starts the source once; the only place a source is run, for a screen's own load and for a
  /// load shared through a ``LoadCache``.
  ///
  /// Answers are numbered from 1 in the order the source gave them and handed to `receive` on
  /// the main actor, through `post`, which the caller points at its stage's scheduler (or at
  /// every stage sharing the load); a numbered answer lets a load posted to several stages be
  /// taken once. Progress reports reach `report` through `scheduler`. An async function or a
  /// stream runs as a task on the scheduler's task executor, counted in its tasks in flight
  /// until its last answer is posted.
  @MainActor
  func run(
    on scheduler: Scheduler,
    post: @escaping @Sendable (@escaping @Sendable @MainActor () -> Void) -> Void,
    report: @escaping @Sendable @MainActor (LoadProgress) -> Void,
    receive: @escaping @Sendable @MainActor (LoadAnswer<Value>, _ index: Int) -> Void
  ) -> LoadRun<Value> {
    let reporter = ProgressReporter { [weak scheduler] progress in
      scheduler?.post { report(progress) }
    }
    switch self {
    case .callback(let load, let cancel):
      // NB: a completion called before `load` returns (a cache hit, or another thread racing
      // it) is captured and handed back, so the caller takes it in the step that started it.
      let gate = CompletionGate<Value>()
      load(reporter) { result in
        guard gate.claim(), !gate.captureIfSynchronous(result) else { return }
        post { receive(LoadAnswer(result), 1) }
      }
      let immediate = gate.closeSynchronousWindow().map { LoadAnswer($0) }
      return LoadRun(immediate: immediate, task: nil, cancelHook: cancel)
    case .async(let load):
      scheduler.beginTask()
      let task = Task.detached(executorPreference: scheduler.taskExecutor) {
        let answer: LoadAnswer<Value>
        do { answer = .value(try await load(reporter), isFinal: true) } catch {
          answer = .failure(error)
        }
        post { receive(answer, 1) }
        scheduler.post { scheduler.endTask() }
      }
      return LoadRun(immediate: nil, task: task, cancelHook: nil)
    case .stream(let makeStream):
      scheduler.beginTask()
      let task = Task.detached(executorPreference: scheduler.taskExecutor) {
        var index = 0
        let ending: LoadAnswer<Value>
        do {
          for try await value in makeStream() {
            index += 1
            let number = index
            post { receive(.value(value, isFinal: false), number) }
          }
          ending = .end
        } catch {
          ending = .failure(error)
        }
        let number = index + 1
        post { receive(ending, number) }
        scheduler.post { scheduler.endTask() }
      }
      return LoadRun(immediate: nil, task: task, cancelHook: nil)
    }
  }
}

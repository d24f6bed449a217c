import Synchronization

/// The engine both loading variants share: it runs a ``LoadSource``, keeps the
/// ``LoadingState``, times the spinner (show delay, minimum time visible), applies the timeout
/// and retry policy, joins refreshes, and drops results of abandoned loads.
///
/// It holds no screen: its owner tells it which screen's stage to use and reacts to its
/// callbacks. `LoadingController` turns the callbacks into child screens; a `Loading` screen
/// turns them into its own drawing.
@MainActor
public final class LoadRunner<Value: Sendable> {
  /// The current state.
  public private(set) var state: LoadingState<Value> = .idle {
    didSet { onStateChange?(state) }
  }
  /// The latest progress of the load in flight.
  public private(set) var progress: LoadProgress? {
    didSet { onProgress?(progress) }
  }
  /// Whether the spinner should be visible now (the show delay has passed).
  public private(set) var isSpinnerVisible = false {
    didSet { if isSpinnerVisible != oldValue { onSpinnerVisibilityChange?(isSpinnerVisible) } }
  }
  /// How many times the source was started (first load, retries, refreshes).
  public private(set) var startCount = 0

  /// Called after every state change.
  public var onStateChange: ((LoadingState<Value>) -> Void)?
  /// Called with each new value, before the state changes to `loaded`.
  public var onValue: ((Value) -> Void)?
  /// Called when progress is reported.
  public var onProgress: ((LoadProgress?) -> Void)?
  /// Called when the spinner should appear or disappear.
  public var onSpinnerVisibilityChange: ((Bool) -> Void)?

  private let source: LoadSource<Value>
  private let options: LoadingOptions
  private var scheduler: Scheduler?
  private var generation = 0
  private var task: Task<Void, Never>?
  private var timers: [Scheduler.Timer] = []
  private var spinnerShownAt: Duration?
  private var attempt = 0
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// Creates a runner; nothing starts until ``start(on:)``.
  public init(source: LoadSource<Value>, options: LoadingOptions) {
    self.source = source
    self.options = options
  }

  /// Starts a load unless one is in flight; a loaded value stays shown as `refreshing`.
  public func start(on scheduler: Scheduler) {
    guard !state.isInFlight else { return }
    self.scheduler = scheduler
    attempt = 0
    state = state.value.map { .refreshing($0) } ?? .loading
    begin()
  }

  /// Starts a refresh (or joins the one running) and returns when it ends.
  public func refresh(on scheduler: Scheduler) async {
    start(on: scheduler)
    guard state.isInFlight else { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Abandons the load in flight.
  ///
  /// Its task is cancelled, its cancel hook runs, and a late result is ignored. A state that was
  /// loading becomes idle; a refresh falls back to its value.
  public func cancel() {
    guard state.isInFlight else { return }
    abandon()
    switch state {
    case .refreshing(let value): state = .loaded(value)
    default: state = .idle
    }
    finishWaiters()
  }

  /// Dismisses a failure that still has a value to show, returning to `loaded`.
  public func dismissError() {
    if case .failed(_, let last?) = state { state = .loaded(last) }
  }

  // MARK: Running

  private func begin() {
    guard let scheduler else { return }
    task?.cancel()
    generation += 1
    startCount += 1
    progress = nil
    let token = generation
    if state.value == nil {
      if options.showDelay <= .zero {
        showSpinner()
      } else {
        timers.append(
          scheduler.schedule(after: options.showDelay) { [weak self] in
            guard let self, self.generation == token, self.state.isInFlight else { return }
            self.showSpinner()
          })
      }
    }
    if let timeout = options.timeout {
      timers.append(
        scheduler.schedule(after: timeout) { [weak self] in
          guard let self, self.generation == token, self.state.isInFlight else { return }
          self.abandon()
          self.receive(
            .failure(LoadTimeoutError(timeout: timeout)), token: self.generation, last: true)
        })
    }
    // NB: outer closures capture self weakly too; a nested `[weak self]` alone would make the
    // outer closure (kept by the loader) hold the runner strongly.
    let reporter = ProgressReporter { [weak self, weak scheduler] progress in
      scheduler?.post { [weak self] in
        guard let self, self.generation == token else { return }
        self.progress = progress
      }
    }
    switch source {
    case .callback(let load, _):
      runCallback(load, reporter: reporter, token: token, scheduler: scheduler)
    case .async(let load):
      scheduler.beginTask()
      task = Task.detached(executorPreference: scheduler.taskExecutor) { [weak self] in
        let result: Result<Value, any Error>
        do { result = .success(try await load(reporter)) } catch { result = .failure(error) }
        scheduler.post { [weak self] in
          scheduler.endTask()
          self?.receive(result, token: token, last: true)
        }
      }
    case .stream(let makeStream):
      scheduler.beginTask()
      task = Task.detached(executorPreference: scheduler.taskExecutor) { [weak self] in
        do {
          for try await value in makeStream() {
            scheduler.post { [weak self] in
              self?.receive(.success(value), token: token, last: false)
            }
          }
          scheduler.post { scheduler.endTask() }
        } catch {
          scheduler.post { [weak self] in
            scheduler.endTask()
            self?.receive(.failure(error), token: token, last: true)
          }
        }
      }
    }
  }

  private func runCallback(
    _ load: @MainActor (ProgressReporter, @escaping LoadSource<Value>.Completion) -> Void,
    reporter: ProgressReporter, token: Int, scheduler: Scheduler
  ) {
    // NB: a completion called before `load` returns (a cache hit, or another thread racing
    // it) is captured and delivered right after, so the spinner is never drawn for it.
    let gate = CompletionGate<Value>()
    load(reporter) { [weak self, weak scheduler] result in
      guard gate.claim() else { return }
      if gate.captureIfSynchronous(result) { return }
      scheduler?.post { [weak self] in self?.receive(result, token: token, last: true) }
    }
    if let result = gate.closeSynchronousWindow() {
      receive(result, token: token, last: true)
    }
  }

  private func showSpinner() {
    spinnerShownAt = scheduler?.clock.now
    isSpinnerVisible = true
  }

  /// Applies a result of load `token`, holding it back until the spinner was visible long enough.
  private func receive(_ result: Result<Value, any Error>, token: Int, last: Bool) {
    guard token == generation, let scheduler else { return }
    if let shownAt = spinnerShownAt {
      let visibleUntil = shownAt + options.minimumVisible
      if scheduler.clock.now < visibleUntil {
        timers.append(
          scheduler.schedule(at: visibleUntil) { [weak self] in
            self?.receive(result, token: token, last: last)
          })
        return
      }
    }
    hideSpinner()
    switch result {
    case .success(let value):
      settleRun(keepingTask: !last)
      onValue?(value)
      state = .loaded(value)
    case .failure(let error):
      settleRun()
      if error is CancellationError, state.isInFlight {
        state = state.value.map { .loaded($0) } ?? .idle
      } else if attempt < options.retry.retries {
        attempt += 1
        let wait = options.retry.backoff(beforeRetry: attempt)
        timers.append(
          scheduler.schedule(after: wait) { [weak self] in
            guard let self, self.generation == token else { return }
            self.begin()
          })
        return
      } else {
        state = .failed(error, lastValue: state.value)
      }
    }
    if last { finishWaiters() }
  }

  private func hideSpinner() {
    spinnerShownAt = nil
    isSpinnerVisible = false
  }

  /// Ends the bookkeeping of a finished run without touching the state; a stream keeps its task.
  private func settleRun(keepingTask: Bool = false) {
    if !keepingTask { task = nil }
    for timer in timers { scheduler?.cancel(timer) }
    timers.removeAll()
  }

  private func abandon() {
    generation += 1
    task?.cancel()
    task = nil
    if case .callback(_, let cancel) = source { cancel?() }
    for timer in timers { scheduler?.cancel(timer) }
    timers.removeAll()
    hideSpinner()
  }

  private func finishWaiters() {
    let pending = waiters
    waiters.removeAll()
    for waiter in pending { waiter.resume() }
  }
}

/// Lets exactly one completion through and tells whether it arrived while `load` was running.
private final class CompletionGate<Value: Sendable>: Sendable {
  private struct State {
    var claimed = false
    var synchronousWindowOpen = true
    var captured: Result<Value, any Error>?
  }
  private let state = Mutex(State())

  func claim() -> Bool {
    state.withLock { state in
      defer { state.claimed = true }
      return !state.claimed
    }
  }

  func captureIfSynchronous(_ result: Result<Value, any Error>) -> Bool {
    state.withLock { state in
      guard state.synchronousWindowOpen else { return false }
      state.captured = result
      return true
    }
  }

  func closeSynchronousWindow() -> Result<Value, any Error>? {
    state.withLock { state in
      state.synchronousWindowOpen = false
      return state.captured
    }
  }
}

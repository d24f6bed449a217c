/// The engine both loading variants share: it runs a ``LoadSource``, keeps the
/// ``LoadingState``, times the spinner (show delay, minimum time visible), applies the timeout
/// and retry policy, joins refreshes, and drops results of abandoned loads.
///
/// It holds no screen: its owner tells it which screen's stage to use and reacts to the one
/// ``LoadEvent`` it sends for each step of the load. `LoadingController` turns events into child
/// screens; a `Loading` screen's ``ScreenLoader`` turns them into the screen's own drawing.
///
/// Each run of the source has one timer for each role (show delay, timeout, the spinner's
/// minimum time, retry backoff), so ending one role never cancels another. The timeout covers
/// the load (until its answer, or a stream's first value), not the spinner's presentation.
/// Answers that arrive while the spinner must stay are held, and the latest value wins.
@MainActor
public final class LoadRunner<Value: Sendable> {
  /// The current state.
  public private(set) var state: LoadingState<Value> = .idle {
    didSet {
      step.stateChanged = true
      // NB: every path out of a load leaves the in-flight states, so resuming here resumes each
      // refresh exactly once, whatever ended the load.
      if !state.isInFlight { finishWaiters() }
    }
  }
  /// The latest progress of the load in flight.
  public private(set) var progress: LoadProgress? {
    didSet { if progress != oldValue { step.changed = true } }
  }
  /// Whether the spinner should be visible now (the show delay has passed).
  public private(set) var isSpinnerVisible = false {
    didSet { if isSpinnerVisible != oldValue { step.changed = true } }
  }
  /// How many times the source was started (first load, retries, refreshes).
  public private(set) var startCount = 0

  /// Called once for each step of the load that changed anything, after the step.
  public var onEvent: ((LoadEvent<Value>) -> Void)?

  /// What the step in progress changed, gathered into one event.
  private struct Step {
    var depth = 0
    var changed = false
    var stateChanged = false
    var value: Value?
  }

  /// What a timer of a run is for; each has its own slot.
  private enum TimerRole: CaseIterable {
    case showDelay, timeout, minimumVisible, retryBackoff
  }

  private let source: LoadSource<Value>
  private let options: LoadingOptions
  private var scheduler: Scheduler?
  /// The run whose answers count; answers of earlier runs are dropped.
  private var generation = 0
  private var task: Task<Void, Never>?
  /// The key of a cache the runner reads first and shares its loads through, if it has one.
  private let cacheSlot: LoadCacheSlot<Value>?
  /// Leaves the shared load the current run joined.
  private var leaveSharedLoad: LoadCacheSlot<Value>.Leave?
  private var timers: [TimerRole: Scheduler.Timer] = [:]
  private var spinnerShownAt: Duration?
  private var attempt = 0
  /// Whether the current run has not answered yet: its timeout runs, and abandoning it calls
  /// the source's cancel hook.
  private var isAwaitingAnswer = false
  /// Whether the current run delivered a value, so that its end is not a failure.
  private var runHasValue = false
  /// Answers held until the spinner has been visible for its minimum time.
  private var held: [LoadAnswer<Value>] = []
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var step = Step()

  /// Creates a runner; nothing starts until ``start(on:)``.
  public init(source: LoadSource<Value>, options: LoadingOptions) {
    self.source = source
    self.options = options
    self.cacheSlot = nil
  }

  /// Creates a runner that starts from a value already shown, so its first start refreshes it,
  /// and that reads and shares its loads through `cache` when given one.
  init(
    source: LoadSource<Value>, options: LoadingOptions, shown: Value? = nil,
    cache: LoadCacheSlot<Value>?
  ) {
    self.source = source
    self.options = options
    self.cacheSlot = cache
    if let shown { state = .loaded(shown) }
  }

  /// Starts a load unless one is in flight; a loaded value stays shown as `refreshing`.
  ///
  /// A stream still delivering values is restarted: its sequence is cancelled and made again.
  public func start(on scheduler: Scheduler) {
    guard !state.isInFlight else { return }
    performStep {
      self.scheduler = scheduler
      attempt = 0
      if state.value == nil, let cached = cacheSlot?.lookup() {
        // NB: a fresh cached value is shown in this step, before the first frame, and the load
        // revalidates it.
        step.value = cached
        state = .refreshing(cached)
      } else {
        state = state.value.map { .refreshing($0) } ?? .loading
      }
      begin()
    }
  }

  /// Starts a refresh (or joins the one running) and returns when it ends.
  ///
  /// It ends when a value is shown (for a stream, the first value of the restarted sequence),
  /// when the load fails after its retries, when a stream ends, or when the load is cancelled
  /// or its screen leaves.
  public func refresh(on scheduler: Scheduler) async {
    start(on: scheduler)
    guard state.isInFlight else { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Abandons the load in flight, or stops a stream that is still delivering values.
  ///
  /// Its task is cancelled, its cancel hook runs, and a late result is ignored. A state that was
  /// loading becomes idle; a refresh falls back to its value; a stopped stream keeps showing
  /// its last value.
  public func cancel() {
    guard state.isInFlight || task != nil || leaveSharedLoad != nil else { return }
    performStep {
      stopRun()
      hideSpinner()
      switch state {
      case .refreshing(let value): state = .loaded(value)
      case .loading: state = .idle
      case .idle, .loaded, .failed: break
      }
    }
  }

  /// Dismisses a failure that still has a value to show, returning to `loaded`.
  public func dismissError() {
    guard case .failed(_, let last?) = state else { return }
    performStep { state = .loaded(last) }
  }

  // MARK: Running

  private func begin() {
    guard let scheduler else { return }
    stopRun()
    startCount += 1
    progress = nil
    isAwaitingAnswer = true
    runHasValue = false
    let token = generation
    if state.value == nil && !isSpinnerVisible {
      if options.showDelay <= .zero {
        showSpinner()
      } else {
        setTimer(.showDelay, after: options.showDelay) { $0.showSpinner() }
      }
    }
    if let timeout = options.timeout {
      setTimer(.timeout, after: timeout) { $0.timeOut(after: timeout) }
    }
    // NB: outer closures capture self weakly too; a nested `[weak self]` alone would make the
    // outer closure (kept by the loader) hold the runner strongly.
    let reporter = ProgressReporter { [weak self, weak scheduler] progress in
      scheduler?.post { [weak self] in
        guard let self, self.generation == token else { return }
        self.performStep { self.progress = progress }
      }
    }
    if let cacheSlot {
      let subscriber = SharedLoad<Value>.Subscriber(
        progress: { [weak self] progress in
          guard let self, self.generation == token else { return }
          self.performStep { self.progress = progress }
        },
        answer: { [weak self] answer in self?.receive(answer, token: token) })
      leaveSharedLoad = cacheSlot.join(source, scheduler, subscriber)
      return
    }
    switch source {
    case .callback(let load, _):
      runCallback(load, reporter: reporter, token: token, scheduler: scheduler)
    case .async(let load):
      scheduler.beginTask()
      task = Task.detached(executorPreference: scheduler.taskExecutor) { [weak self] in
        let answer: LoadAnswer<Value>
        do { answer = .value(try await load(reporter), isFinal: true) } catch {
          answer = .failure(error)
        }
        scheduler.post { [weak self] in
          scheduler.endTask()
          self?.receive(answer, token: token)
        }
      }
    case .stream(let makeStream):
      scheduler.beginTask()
      task = Task.detached(executorPreference: scheduler.taskExecutor) { [weak self] in
        let ending: LoadAnswer<Value>
        do {
          for try await value in makeStream() {
            scheduler.post { [weak self] in
              self?.receive(.value(value, isFinal: false), token: token)
            }
          }
          ending = .end
        } catch {
          ending = .failure(error)
        }
        scheduler.post { [weak self] in
          scheduler.endTask()
          self?.receive(ending, token: token)
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
      scheduler?.post { [weak self] in self?.receive(LoadAnswer(result), token: token) }
    }
    if let result = gate.closeSynchronousWindow() {
      receive(LoadAnswer(result), token: token)
    }
  }

  /// Takes an answer of run `token`, holding it while the spinner must stay visible.
  private func receive(_ answer: LoadAnswer<Value>, token: Int) {
    guard token == generation, let scheduler else { return }
    performStep { receive(answer, scheduler: scheduler) }
  }

  private func receive(_ answer: LoadAnswer<Value>, scheduler: Scheduler) {
    if isAwaitingAnswer {
      // The load answered: its timeout no longer applies, and a spinner not shown yet never
      // will be.
      isAwaitingAnswer = false
      cancelTimer(.timeout)
      cancelTimer(.showDelay)
    }
    if timers[.minimumVisible] != nil {
      hold(answer)
    } else if let shownAt = spinnerShownAt,
      case let visibleUntil = shownAt.saturatingAdding(options.minimumVisible),
      scheduler.clock.now < visibleUntil
    {
      hold(answer)
      setTimer(.minimumVisible, at: visibleUntil) { $0.releaseHeld() }
    } else {
      apply(answer)
    }
  }

  /// Keeps an answer until the spinner may go; of several values in a row, the latest wins.
  private func hold(_ answer: LoadAnswer<Value>) {
    if case .value = answer, case .value? = held.last { held.removeLast() }
    held.append(answer)
  }

  private func releaseHeld() {
    let answers = held
    held.removeAll()
    for answer in answers { apply(answer) }
  }

  private func apply(_ answer: LoadAnswer<Value>) {
    switch answer {
    case .value(let value, let isFinal):
      if isFinal {
        task = nil
        leaveSharedLoad = nil
      }
      runHasValue = true
      attempt = 0
      hideSpinner()
      step.value = value
      state = .loaded(value)
    case .end:
      task = nil
      leaveSharedLoad = nil
      if !runHasValue { fail(EmptyStreamError()) }
    case .failure(let error):
      task = nil
      leaveSharedLoad = nil
      fail(error)
    }
  }

  /// Fails the current run: retries after the backoff while the policy allows (the spinner
  /// stays up meanwhile), or shows the error.
  private func fail(_ error: any Error) {
    if error is CancellationError, state.isInFlight {
      hideSpinner()
      state = state.value.map { .loaded($0) } ?? .idle
    } else if attempt < options.retry.retries {
      attempt += 1
      // NB: a stream that failed after its values reconnects as a refresh of its last value.
      if case .loaded(let value) = state { state = .refreshing(value) }
      setTimer(.retryBackoff, after: options.retry.backoff(beforeRetry: attempt)) { $0.begin() }
    } else {
      hideSpinner()
      state = .failed(error, lastValue: state.value)
    }
  }

  private func timeOut(after timeout: Duration) {
    stopRun(timedOut: true)
    fail(LoadTimeoutError(timeout: timeout))
  }

  private func showSpinner() {
    spinnerShownAt = scheduler?.clock.now
    isSpinnerVisible = true
  }

  private func hideSpinner() {
    spinnerShownAt = nil
    isSpinnerVisible = false
  }

  /// Ends the current run: its later answers are dropped, its task is cancelled, its cancel
  /// hook runs if it has not answered, and its timers and held answers go.
  ///
  /// A shared load that `timedOut` takes no new screens, so a retry starts the source again.
  private func stopRun(timedOut: Bool = false) {
    generation += 1
    task?.cancel()
    task = nil
    if let leave = leaveSharedLoad {
      leaveSharedLoad = nil
      leave(timedOut ? .timedOut : .cancelled)
    } else if isAwaitingAnswer, case .callback(_, let cancel) = source {
      cancel?()
    }
    isAwaitingAnswer = false
    for role in TimerRole.allCases { cancelTimer(role) }
    held.removeAll()
  }

  // MARK: Timers

  private func setTimer(
    _ role: TimerRole, after delay: Duration, _ action: @escaping @MainActor (LoadRunner) -> Void
  ) {
    guard let scheduler else { return }
    setTimer(role, at: scheduler.clock.now.saturatingAdding(delay), action)
  }

  /// Sets the timer of `role` for the current run, replacing the one it had.
  private func setTimer(
    _ role: TimerRole, at deadline: Duration, _ action: @escaping @MainActor (LoadRunner) -> Void
  ) {
    guard let scheduler else { return }
    cancelTimer(role)
    let token = generation
    timers[role] = scheduler.schedule(at: deadline) { [weak self] in
      guard let self, self.generation == token else { return }
      self.timers[role] = nil
      self.performStep { action(self) }
    }
  }

  private func cancelTimer(_ role: TimerRole) {
    guard let timer = timers.removeValue(forKey: role) else { return }
    scheduler?.cancel(timer)
  }

  /// Runs `body` as one step: whatever it changes reaches the owner as one event, after it.
  ///
  /// Steps started inside a step join it. The owner's reaction runs after the step, so it may
  /// start another load.
  private func performStep(_ body: () -> Void) {
    step.depth += 1
    body()
    step.depth -= 1
    guard step.depth == 0, step.changed || step.stateChanged || step.value != nil else { return }
    let event = LoadEvent(
      state: state, stateChanged: step.stateChanged, value: step.value,
      isSpinnerVisible: isSpinnerVisible, progress: progress)
    step = Step()
    onEvent?(event)
  }

  private func finishWaiters() {
    let pending = waiters
    waiters.removeAll()
    for waiter in pending { waiter.resume() }
  }
}

/// The engine both loading variants share: it runs a ``LoadSource``, keeps the
/// ``LoadState``, times the spinner (show delay, minimum time visible), applies the timeout
/// and retry policy, joins refreshes, and drops results of abandoned loads.
///
/// It holds no screen: its owner tells it which screen's stage to use and reacts to the one
/// ``LoadEvent`` it sends for each step of the load. `LoadingController` turns events into child
/// screens; a `Loading` screen's ``ScreenLoad`` turns them into the screen's own drawing.
///
/// Each step (a start, a cancellation, a timer, an answer, a progress report) enters through
/// ``step(_:)`` and moves the runner with the named transitions below; the owner hears of it
/// once, after the step. Each run of the source has one timer for each role (show delay,
/// timeout, the spinner's minimum time, retry backoff), so ending one role never cancels
/// another. The timeout covers the load (until its answer, or a stream's first value), not the
/// spinner's presentation. Answers that arrive while the spinner must stay are held, and the
/// latest value wins.
///
/// A keyed runner (made with a ``LoadKeying``) loads the key as it is now and, while attached,
/// follows its changes: a change marks the value shown as stale (`refreshing`) and waits out the
/// debounce, then cancels the run in flight and runs the source of the new key. A run of a key
/// that is no longer the key now is never shown: its answers are dropped. Going back to the key
/// of the run in flight keeps that run; going back to the key whose loaded value is shown drops
/// the pending change and shows the value as current again. A cache's value for the new key
/// shows at once, and its revalidation waits out the debounce.
///
/// A loaded value may refresh on its own while its owner says the screen is present (visible,
/// uncovered; ``setPresence(isPresent:terminalHasFocus:)``): when the terminal regains focus
/// and the value is old enough for ``LoadOptions/refreshOnFocus``, and every
/// ``LoadOptions/refreshInterval`` after the last answer. The interval is one scheduler timer
/// that exists only while it may fire: present, the terminal focused (unless
/// ``LoadOptions/refreshesWhileUnfocused``), no run under way, a value shown.
///
/// A runner with a cache follows the key's entry from its first run for as long as it lives: a
/// value a load of another screen or an optimistic change stores there is shown at once (also
/// while its screen is away, so it comes back to it), a change that failed shows its error over
/// the value it went back to, and an invalidation reloads the value, replacing a load in flight
/// whose answer may predate it (for a screen that is away, once it is back).
@MainActor
package final class LoadRunner<Value: Sendable> {
  /// The current state.
  package private(set) var state: LoadState<Value> = .idle
  /// The latest progress of the load in flight.
  package private(set) var progress: LoadProgress?
  /// Called once for each step of the load that changed anything, after the step.
  package var onEvent: ((LoadEvent<Value>) -> Void)?

  /// Where the runner is with the source.
  private enum Phase {
    /// No run of the source: none started yet, or the last one is over.
    case resting
    /// A run failed and waits out its backoff before the source starts again.
    case backingOff
    /// A run of the source is under way: its answers count.
    case running(Run)
  }

  /// A run of the source, directly or through a load a cache shares.
  private struct Run {
    /// Abandons the run, saying whether it had answered (if not, a callback's cancel hook runs)
    /// and whether it timed out (a shared load then takes no new screens).
    let stop: @MainActor (_ answered: Bool, _ timedOut: Bool) -> Void
    /// Whether the run answered: until then its timeout runs.
    var hasAnswered = false
    /// Whether the run delivered a value, so that its end is not a failure.
    var hasValue = false
    /// Answers held until the spinner has been visible for its minimum time.
    var held: [LoadAnswer<Value>] = []
  }

  /// Whether the spinner shows, and since when.
  private enum Spinner {
    case hidden
    case shown(since: Duration)
  }

  /// What a timer of a run is for; each has its own slot.
  private enum TimerRole: CaseIterable {
    case showDelay, timeout, minimumVisible, retryBackoff
  }

  /// What the step in progress did that the event reports besides the runner's values.
  private struct Step {
    var stateChanged = false
    var value: Value?
  }

  /// Makes the source of a run; a keyed runner's makes the current key's.
  private var makeSource: @MainActor () -> LoadSource<Value>
  private let options: LoadOptions
  /// The key of a cache the runner reads first and shares its loads through, if it has one.
  private var cacheSlot: LoadCacheSlot<Value>?
  /// For a keyed runner, the key it follows and how to load it.
  private let keying: LoadKeying<Value>?
  /// The key of the latest run, in flight or over; `nil` before a keyed runner's first run.
  private var runKey: (any Hashable & Sendable)?
  /// The key of the value shown, for a keyed runner.
  package private(set) var shownKey: (any Hashable & Sendable)?
  /// Whether a load of `shownKey` delivered the value shown, rather than only a cache.
  private var shownIsLoaded = false
  /// The wait before loading a changed key.
  private var debounceTimer: Scheduler.Timer?
  /// Stops hearing of key changes, while attached.
  private var stopFollowing: (@MainActor () -> Void)?
  private var scheduler: Scheduler?
  private var phase = Phase.resting
  private var spinner = Spinner.hidden
  /// The retries made for the current load.
  private var attempt = 0
  /// Numbers the runs; answers and reports of earlier runs are dropped.
  private var generation = 0
  private var timers: [TimerRole: Scheduler.Timer] = [:]
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var step = Step()
  /// When a load delivered the value shown (scheduler time); `nil` for a cache's value that no
  /// load confirmed yet.
  package private(set) var valueArrival: Duration?
  /// When the state last came out of flight (an answer, a failure, a cancellation): the
  /// interval counts from here.
  private var settledAt: Duration?
  /// Whether the owner's screen is visible and uncovered, as its owner last said.
  private var isPresent = false
  /// Whether the terminal has focus, as the owner last said.
  private var terminalHasFocus = true
  /// The interval refresh's timer and its deadline, while one may fire.
  private var intervalTimer: (timer: Scheduler.Timer, deadline: Duration)?
  /// Stops hearing of the cache entry's changes, and the key of the entry heard of.
  private var cacheWatch: (stop: @MainActor () -> Void, key: any Hashable & Sendable)?
  /// The identity of the cache's shared load the current run joined.
  private var joinedLoad: ObjectIdentifier?
  /// Whether the run is joining the cache's load, whose first answer may come in the joining
  /// step: it is taken as the run's answer, not as a change of the entry.
  private var isJoining = false
  /// When the current run started (scheduler time), until it answers.
  private var runStartedAt: Duration?
  /// Whether its screen is on screen, as far as loading goes: from a start or an attach until
  /// it detaches.
  private var isAttached = false
  /// Whether the cache entry was invalidated while the screen was away, so it reloads when
  /// the screen is back.
  private var invalidatedWhileAway = false
  /// How long the last run took to answer, and the error of the last that failed.
  private(set) var lastDuration: Duration?
  private(set) var lastError: (any Error)?

  /// Creates a runner; nothing starts until ``start(on:)``.
  ///
  /// A runner given a value already `shown` starts from it, so its first start refreshes it;
  /// one given a `cache` slot reads it first and shares its loads through it.
  /// `shownArrival` is when a load delivered `shown`, if one did.
  package init(
    source: LoadSource<Value>, options: LoadOptions, shown: Value? = nil,
    shownArrival: Duration? = nil, cache: LoadCacheSlot<Value>? = nil
  ) {
    self.makeSource = { source }
    self.options = options
    self.cacheSlot = cache
    self.keying = nil
    if let shown {
      state = .loaded(shown)
      valueArrival = shownArrival
    }
  }

  /// Creates a keyed runner; nothing starts until ``attach(on:)``.
  ///
  /// A value already `shown` for `shownKey` stays while the first load runs, as a refresh (or,
  /// for another key, as a stale value).
  package init(
    keying: LoadKeying<Value>, options: LoadOptions, shown: Value? = nil,
    shownKey: (any Hashable & Sendable)? = nil, shownArrival: Duration? = nil
  ) {
    let request = keying.request()
    self.makeSource = request.makeSource
    self.cacheSlot = request.cache
    self.options = options
    self.keying = keying
    if let shown {
      state = .loaded(shown)
      self.shownKey = shownKey
      shownIsLoaded = true
      valueArrival = shownArrival
    }
  }

  /// Whether the runner follows a key.
  package var isKeyed: Bool { keying != nil }

  /// Whether the value shown belongs to a key other than the key now; always `false` for a
  /// runner without a key, or with nothing shown.
  package var isStale: Bool {
    guard let keying, state.value != nil else { return false }
    return !sameKey(shownKey, keying.current())
  }

  /// Whether the spinner should be visible now (the show delay has passed).
  package var isSpinnerVisible: Bool {
    if case .shown = spinner { true } else { false }
  }

  // MARK: Entry points

  /// Starts a load unless one is in flight; a loaded value stays shown as `refreshing`.
  ///
  /// A stream still delivering values is restarted: its sequence is cancelled and made again.
  ///
  /// A keyed runner loads the key now; a key change waiting out its debounce loads at once.
  package func start(on scheduler: Scheduler) {
    isAttached = true
    invalidatedWhileAway = false
    if debounceTimer != nil {
      step {
        self.scheduler = scheduler
        loadKeyNow()
      }
      return
    }
    guard !state.isInFlight else { return }
    step {
      self.scheduler = scheduler
      attempt = 0
      retarget()
      if state.value == nil || !sameKey(shownKey, runKey),
        let cached = cacheSlot?.lookup()
      {
        // NB: a cached value is shown in this step, before the first frame; the load
        // revalidates it unless it is within the cache's freshness window.
        showCached(cached.value, isFresh: cached.isFresh)
        if cached.isFresh { return }
      } else {
        setState(state.value.map { .refreshing($0) } ?? .loading)
      }
      beginRun()
    }
  }

  /// Begins following the key, or loads when idle for a runner without one.
  ///
  /// A keyed runner hears of key changes from now on, and loads the key now unless its loaded
  /// value is shown or its load failed. A runner already following does nothing.
  package func attach(on scheduler: Scheduler) {
    guard let keying else {
      if case .idle = state { start(on: scheduler) } else { screenDidReturn(on: scheduler) }
      return
    }
    guard stopFollowing == nil else { return }
    self.scheduler = scheduler
    stopFollowing = keying.observe(self) { [weak self] in self?.keyDidChange() }
    isAttached = true
    let key = keying.current()
    let isSettled =
      if case .failed = state {
        sameKey(runKey, key)
      } else {
        state.value != nil && shownIsLoaded && sameKey(shownKey, key)
      }
    if !isSettled { start(on: scheduler) } else { screenDidReturn(on: scheduler) }
  }

  /// Hears that the screen is back, for a screen that loads on its own when it appears: a
  /// cache entry invalidated meanwhile is reloaded.
  package func screenDidReturn(on scheduler: Scheduler) {
    isAttached = true
    guard invalidatedWhileAway else { return }
    invalidatedWhileAway = false
    guard case .resting = phase else { return }
    if case .idle = state { return }
    start(on: scheduler)
  }

  /// Stops following, as its screen leaves: cancels the load and a pending key change, stops
  /// hearing of key changes, and refreshes on its own no more until its owner says the screen
  /// is present again.
  ///
  /// It still hears of its cache entry, so a screen coming back shows the value the entry got
  /// meanwhile; an invalidation meanwhile reloads it only when it is back.
  package func detach() {
    isPresent = false
    isAttached = false
    cancel()
    updateInterval()
    stopFollowing?()
    stopFollowing = nil
  }

  /// Starts a refresh (or joins the one running) and returns when it ends.
  ///
  /// It ends when a value is shown (for a stream, the first value of the restarted sequence),
  /// when the load fails after its retries, when a stream ends, or when the load is cancelled
  /// or its screen leaves.
  package func refresh(on scheduler: Scheduler) async {
    start(on: scheduler)
    guard state.isInFlight else { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Abandons the load in flight, or stops a stream that is still delivering values.
  ///
  /// Its task is cancelled, its cancel hook runs, and a late result is ignored. A state that was
  /// loading becomes idle; a refresh falls back to its value; a stopped stream keeps showing
  /// its last value.
  package func cancel() {
    if case .resting = phase, !state.isInFlight, debounceTimer == nil { return }
    step {
      cancelDebounce()
      stopRun()
      hideSpinner()
      switch state {
      case .refreshing(let value): setState(.loaded(value))
      case .loading: setState(.idle)
      case .idle, .loaded, .failed: break
      }
    }
  }

  /// Hears from the owner whether its screen is present (visible, and no modal screen covers
  /// it) and whether the terminal has focus.
  ///
  /// Focus coming back while present refreshes a value as old as ``LoadOptions/refreshOnFocus``
  /// says (a load in flight goes on alone); focus that came back while the screen was away
  /// refreshes nothing when it returns. The interval timer is set or cancelled to match.
  package func setPresence(isPresent: Bool, terminalHasFocus: Bool) {
    let regained = terminalHasFocus && !self.terminalHasFocus
    self.isPresent = isPresent
    self.terminalHasFocus = terminalHasFocus
    if regained, isPresent, let scheduler, refreshesOnFocus(at: scheduler.clock.now) {
      start(on: scheduler)
    }
    updateInterval()
  }

  /// Whether focus coming back now refreshes: a value is shown and settled, and old enough.
  private func refreshesOnFocus(at now: Duration) -> Bool {
    guard !state.isInFlight, debounceTimer == nil else { return false }
    switch state {
    case .loaded, .failed(_, _?):
      return options.refreshOnFocus.refreshes(valueOfAge: valueArrival.map { now - $0 })
    case .idle, .loading, .refreshing, .failed(_, nil):
      return false
    }
  }

  /// Dismisses a failure that still has a value to show, returning to `loaded`.
  package func dismissError() {
    guard case .failed(_, let last?) = state else { return }
    step { setState(.loaded(last)) }
  }

  // MARK: Keys

  /// Follows a change of the key (see the type's documentation).
  private func keyDidChange() {
    guard let keying, scheduler != nil else { return }
    let key = keying.current()
    step {
      cancelDebounce()
      if isRunning(for: key) { return }
      if let value = state.value, shownIsLoaded, sameKey(shownKey, key) {
        stopRun()
        setState(.loaded(value))
        return
      }
      let request = keying.request()
      if let cached = request.cache?.lookup() {
        // NB: the run in flight is for another key: it could not be shown any more.
        stopRun()
        hideSpinner()
        if cached.isFresh {
          retarget()
          showCached(cached.value, isFresh: true)
          return
        }
        showCached(cached.value, isFresh: false)
      } else {
        switch state {
        case .loaded(let value), .failed(_, let value?): setState(.refreshing(value))
        case .idle, .failed(_, nil): setState(.loading)
        case .loading, .refreshing: break
        }
      }
      if options.debounce <= .zero {
        loadKeyNow()
      } else {
        debounceTimer = scheduler?.schedule(after: options.debounce) { [weak self] in
          guard let self else { return }
          self.debounceTimer = nil
          self.step { self.loadKeyNow() }
        }
      }
    }
  }

  /// Whether a run of `key` is under way (or waits out its retry backoff).
  private func isRunning(for key: any Hashable & Sendable) -> Bool {
    if case .resting = phase { return false }
    return sameKey(runKey, key)
  }

  /// Whether answers of the current run may be shown: always, unless the key moved on.
  private var isRunCurrent: Bool {
    guard let keying else { return true }
    return sameKey(runKey, keying.current())
  }

  /// Cancels the run in flight and runs the source of the key now, the state in flight.
  private func loadKeyNow() {
    cancelDebounce()
    attempt = 0
    retarget()
    if !state.isInFlight { setState(state.value.map { .refreshing($0) } ?? .loading) }
    beginRun()
  }

  /// Points a keyed runner's source and cache slot at the key now.
  private func retarget() {
    guard let request = keying?.request() else { return }
    makeSource = request.makeSource
    cacheSlot = request.cache
    runKey = request.key
  }

  /// Shows a cache's value for the key now: one within the cache's freshness window as
  /// loaded, following the entry from now on; another to be revalidated.
  private func showCached(_ value: Value, isFresh: Bool) {
    step.value = value
    valueArrival = nil
    shownKey = keying?.current()
    shownIsLoaded = isFresh
    guard isFresh else {
      setState(.refreshing(value))
      return
    }
    settledAt = scheduler?.clock.now
    if let cacheSlot { watchCache(cacheSlot) }
    setState(.loaded(value))
  }

  private func cancelDebounce() {
    guard let timer = debounceTimer else { return }
    debounceTimer = nil
    scheduler?.cancel(timer)
  }

  /// Runs `body` as one step: whatever it changes reaches the owner as one event, after it, so
  /// the owner's reaction may start another load.
  private func step(_ body: () -> Void) {
    let spinnerWasVisible = isSpinnerVisible
    let progressBefore = progress
    body()
    updateInterval()
    guard
      step.stateChanged || step.value != nil || isSpinnerVisible != spinnerWasVisible
        || progress != progressBefore
    else { return }
    let event = LoadEvent(
      state: state, stateChanged: step.stateChanged, value: step.value,
      isSpinnerVisible: isSpinnerVisible, progress: progress)
    step = Step()
    onEvent?(event)
  }

  // MARK: Transitions

  /// Moves to `state`; a state out of flight ends every refresh waiting for the load, whatever
  /// ended it.
  private func setState(_ newState: LoadState<Value>) {
    if state.isInFlight, !newState.isInFlight, let scheduler { settledAt = scheduler.clock.now }
    state = newState
    step.stateChanged = true
    if !newState.isInFlight { resumeWaiters() }
  }

  /// Starts a run of the source (or joins the cache's shared load), then, unless it answered at
  /// once, its show delay and timeout.
  private func beginRun() {
    guard let scheduler else { return }
    stopRun()
    progress = nil
    let token = generation
    let onProgress: @Sendable @MainActor (LoadProgress) -> Void = { [weak self] progress in
      guard let self, self.generation == token, self.isRunCurrent else { return }
      self.step { self.progress = progress }
    }
    let onAnswer: @Sendable @MainActor (LoadAnswer<Value>) -> Void = { [weak self] answer in
      guard let self, self.generation == token else { return }
      self.step { self.receive(answer) }
    }
    let immediate: LoadAnswer<Value>?
    runStartedAt = scheduler.clock.now
    if let cacheSlot {
      watchCache(cacheSlot)
      isJoining = true
      let joined = cacheSlot.join(
        makeSource(), on: scheduler,
        as: SharedLoad.Subscriber(progress: onProgress, answer: onAnswer))
      isJoining = false
      phase = .running(Run { _, timedOut in joined.leave(timedOut ? .timedOut : .cancelled) })
      joinedLoad = joined.load
      immediate = joined.immediate
    } else {
      let run = makeSource().run(
        on: scheduler, post: { [weak scheduler] work in scheduler?.post(work) },
        report: onProgress, receive: { answer, _ in onAnswer(answer) })
      phase = .running(Run { answered, _ in run.cancel(answered: answered) })
      immediate = run.immediate
    }
    // NB: an answer given at once is taken in this step, before any spinner: none was drawn,
    // so none is held for its minimum time.
    if let immediate {
      receive(immediate)
      return
    }
    if state.value == nil, !isSpinnerVisible {
      if options.showDelay <= .zero {
        showSpinner()
      } else {
        setTimer(.showDelay, after: options.showDelay) { $0.showSpinner() }
      }
    }
    if let timeout = options.timeout {
      setTimer(.timeout, after: timeout) { $0.timeOut(after: timeout) }
    }
  }

  /// Takes an answer of the current run, holding it while the spinner must stay visible.
  private func receive(_ answer: LoadAnswer<Value>) {
    guard case .running(var run) = phase, let scheduler else { return }
    guard isRunCurrent else {
      // NB: the key moved on while its change waits out the debounce: the answer is not shown.
      stopRun(answered: true)
      return
    }
    if !run.hasAnswered {
      // The load answered: its timeout no longer applies, and a spinner not shown yet never
      // will be.
      run.hasAnswered = true
      if let runStartedAt { lastDuration = scheduler.clock.now - runStartedAt }
      runStartedAt = nil
      cancelTimer(.timeout)
      cancelTimer(.showDelay)
    }
    let visibleUntil: Duration? =
      if case .shown(let since) = spinner { since.saturatingAdding(options.minimumVisible) } else {
        nil
      }
    if timers[.minimumVisible] == nil, let visibleUntil, scheduler.clock.now < visibleUntil {
      setTimer(.minimumVisible, at: visibleUntil) { $0.releaseHeld() }
    }
    guard timers[.minimumVisible] != nil else {
      phase = .running(run)
      apply(answer)
      return
    }
    // NB: of several values in a row, the latest wins.
    if case .value = answer, case .value? = run.held.last { run.held.removeLast() }
    run.held.append(answer)
    phase = .running(run)
  }

  private func releaseHeld() {
    guard case .running(var run) = phase else { return }
    guard isRunCurrent else {
      stopRun(answered: true)
      return
    }
    let answers = run.held
    run.held.removeAll()
    phase = .running(run)
    for answer in answers { apply(answer) }
  }

  /// Shows an answer: a value, the end of a stream, or a failure.
  private func apply(_ answer: LoadAnswer<Value>) {
    guard case .running(var run) = phase else { return }
    switch answer {
    case .value(let value, let isFinal):
      run.hasValue = true
      phase = isFinal ? .resting : .running(run)
      attempt = 0
      lastError = nil
      hideSpinner()
      shownKey = runKey
      shownIsLoaded = true
      valueArrival = scheduler?.clock.now
      step.value = value
      setState(.loaded(value))
    case .end:
      phase = .resting
      if !run.hasValue { fail(EmptyStreamError()) }
    case .failure(let error):
      phase = .resting
      fail(error)
    }
  }

  /// Fails the current load: retries after the backoff while the policy allows (the spinner
  /// stays up meanwhile), or shows the error.
  private func fail(_ error: any Error) {
    if !(error is CancellationError) { lastError = error }
    if error is CancellationError, state.isInFlight {
      hideSpinner()
      setState(state.value.map { .loaded($0) } ?? .idle)
    } else if attempt < options.retry.retries {
      attempt += 1
      // NB: a stream that failed after its values reconnects as a refresh of its last value.
      if case .loaded(let value) = state { setState(.refreshing(value)) }
      phase = .backingOff
      setTimer(.retryBackoff, after: options.retry.backoff(beforeRetry: attempt)) { runner in
        if runner.isRunCurrent { runner.beginRun() } else { runner.stopRun() }
      }
    } else {
      hideSpinner()
      setState(.failed(error, lastValue: state.value))
    }
  }

  private func timeOut(after timeout: Duration) {
    stopRun(timedOut: true)
    if isRunCurrent { fail(LoadTimeoutError(timeout: timeout)) }
  }

  private func showSpinner() {
    guard let scheduler else { return }
    spinner = .shown(since: scheduler.clock.now)
  }

  private func hideSpinner() {
    spinner = .hidden
  }

  /// Ends the current run: its later answers are dropped, its task is cancelled, its cancel
  /// hook runs if it has not answered, and its timers and held answers go.
  ///
  /// A shared load that `timedOut` takes no new screens, so a retry starts the source again; one
  /// that `answered` runs no cancel hook.
  private func stopRun(timedOut: Bool = false, answered: Bool = false) {
    generation += 1
    joinedLoad = nil
    runStartedAt = nil
    if case .running(let run) = phase { run.stop(answered || run.hasAnswered, timedOut) }
    phase = .resting
    for role in TimerRole.allCases { cancelTimer(role) }
  }

  private func resumeWaiters() {
    let pending = waiters
    waiters.removeAll()
    for waiter in pending { waiter.resume() }
  }

  // MARK: Following the cache entry

  /// Hears of the changes of `slot`'s key from now on, and of no other key's, until the runner
  /// goes (or a keyed runner moves to another key).
  private func watchCache(_ slot: LoadCacheSlot<Value>) {
    if let cacheWatch, sameKey(cacheWatch.key, slot.key) { return }
    stopWatchingCache()
    let stop = slot.watch(by: self) { [weak self] change in self?.cacheDidChange(change) }
    cacheWatch = (stop, slot.key)
  }

  private func stopWatchingCache() {
    cacheWatch?.stop()
    cacheWatch = nil
  }

  /// Shows a change of the cache entry of the key now (see the type's documentation).
  private func cacheDidChange(_ change: LoadCacheChange<Value>) {
    guard let scheduler, isRunCurrent, !isJoining else { return }
    switch change {
    case .stored(let value, let load):
      // NB: the run that joined the storing load hears its answer through the run, held for
      // the spinner if need be; a screen with nothing shown yet waits for its own load.
      if let load, load == joinedLoad { return }
      guard state.value != nil else { return }
      step {
        step.value = value
        shownKey = runKey
        shownIsLoaded = true
        valueArrival = scheduler.clock.now
        setState(state.isInFlight ? .refreshing(value) : .loaded(value))
      }
    case .rolledBack(let value, let error):
      guard let shown = value ?? state.value else { return }
      step {
        if let value { step.value = value }
        lastError = error
        setState(state.isInFlight ? .refreshing(shown) : .failed(error, lastValue: shown))
      }
    case .invalidated:
      guard isAttached else {
        invalidatedWhileAway = true
        return
      }
      guard debounceTimer == nil else { return }
      switch phase {
      case .running, .backingOff:
        step {
          attempt = 0
          beginRun()
        }
      case .resting:
        if case .idle = state { return }
        start(on: scheduler)
      }
    }
  }

  // MARK: Refreshing on an interval

  /// Whether the interval refresh may fire now: the owner's screen is present, the terminal
  /// focused or that does not matter, no run or key change under way, and a value shown.
  private var wantsInterval: Bool {
    guard let interval = options.refreshInterval, interval > .zero, isPresent,
      terminalHasFocus || options.refreshesWhileUnfocused, debounceTimer == nil,
      case .resting = phase
    else { return false }
    switch state {
    case .loaded, .failed(_, _?): return true
    case .idle, .loading, .refreshing, .failed(_, nil): return false
    }
  }

  /// Sets the interval timer for one interval after the last answer while it may fire, and
  /// cancels it otherwise: no timer exists while the refresh is paused.
  private func updateInterval() {
    guard wantsInterval, let interval = options.refreshInterval, let scheduler else {
      if let intervalTimer {
        self.intervalTimer = nil
        scheduler?.cancel(intervalTimer.timer)
      }
      return
    }
    // NB: a value shown from the start (never in flight here) counts from the first time the
    // interval could run.
    let settled = settledAt ?? scheduler.clock.now
    settledAt = settled
    let deadline = settled.saturatingAdding(interval)
    if let intervalTimer {
      guard intervalTimer.deadline != deadline else { return }
      scheduler.cancel(intervalTimer.timer)
    }
    let timer = scheduler.schedule(at: deadline) { [weak self] in
      guard let self, let scheduler = self.scheduler else { return }
      self.intervalTimer = nil
      self.start(on: scheduler)
    }
    intervalTimer = (timer, deadline)
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
      self.step { action(self) }
    }
  }

  private func cancelTimer(_ role: TimerRole) {
    guard let timer = timers.removeValue(forKey: role) else { return }
    scheduler?.cancel(timer)
  }
}

extension LoadRunner: LoadRunnerInspecting {
  package var inspectedCache: (any LoadCacheInspecting)? { cacheSlot?.cache }

  package func inspectionRow() -> LoadInspectionRow? {
    guard let scheduler else { return nil }
    let now = scheduler.clock.now
    let key: (any Hashable & Sendable)? = runKey ?? cacheSlot?.key
    var row = LoadInspectionRow(
      key: key.map { String(describing: $0) } ?? "–",
      state: isStale ? "\(state) (stale)" : state.description, subscribers: 1)
    row.age = valueArrival.map { now - $0 }
    row.showsValue = state.value != nil
    row.lastDuration = lastDuration
    row.lastError = lastError.map { ErrorScreen.message(for: $0) }
    row.refetch = { [weak self] in self?.start(on: scheduler) }
    if let slot = cacheSlot {
      row.invalidate = { slot.invalidate() }
      row.remove = { slot.remove() }
    }
    return row
  }
}

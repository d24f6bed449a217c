package import ScreenKit

/// The engine both loading variants share: it runs a ``LoadSource``, keeps the ``LoadState``,
/// times the spinner, applies the timeout and retry policy, follows a key and a cache entry,
/// refreshes on its own, and drops results of abandoned loads.
///
/// It holds no screen: a `LoadBinding` places it on its screen's stage and tells it of the
/// screen's appearances, and its owner reacts to the one ``LoadEvent`` it sends for each step.
///
/// It is the interpreter of `LoadMachine`, the pure state machine of the load: each step (a
/// start, a timer, an answer, a key or cache change) becomes the machine's input, and the
/// runner carries out the effects the machine returns. It owns the timers (`LoadTimers`, on
/// the scheduler it is given once) and the run of the source, and asks its collaborators, each
/// owning one thing: `LoadAttempt` (the run, its retries, the generation that drops late
/// answers), `SpinnerTiming` (shown since when, answers held for its minimum time),
/// `KeyFollower` (the key's changes and their debounce), `AutoRefresh` (presence, focus,
/// interval) and `LoadCacheLink` (the cache slot). The behaviour is documented on
/// `LoadingController` and ``LoadOptions``.
@MainActor
package final class LoadRunner<Value: Sendable> {
  typealias Machine = LoadMachine

  /// The state as the owner sees it.
  package var state: LoadState<Value> { machine.loadState(of: Value.self) }
  /// The latest progress of the load in flight.
  package private(set) var progress: LoadProgress?
  /// Called once for each step of the load that changed anything, after the step.
  package var onEvent: ((LoadEvent<Value>) -> Void)?

  /// Whether the screen is on screen, as far as loading goes.
  enum Attachment {
    /// From a start or an attach until the screen leaves.
    case attached
    case away
    /// Away, and the cache entry was invalidated meanwhile: it reloads when the screen is back.
    case awayMissedInvalidation
  }

  /// What the step in progress did that the event reports besides the runner's values.
  private struct Step {
    var stateChanged = false
    var value: Value?
  }

  private var machine = Machine.State.idle
  let options: LoadOptions
  var timers = LoadTimers()
  var attempt = LoadAttempt()
  var spinner = SpinnerTiming<Value>()
  var follower: KeyFollower<Value>?
  var refresher: AutoRefresh
  var cacheLink = LoadCacheLink<Value>()
  let waiters = LoadWaiters<Value>()
  var attachment = Attachment.away
  private var step = Step()
  /// Makes the source of a run; a keyed runner's makes the current key's.
  private var makeSource: @MainActor () -> LoadSource<Value>
  /// The key of a cache the runner reads first and shares its loads through, if it has one.
  private(set) var cacheSlot: LoadCacheSlot<Value>?
  /// The key of the latest run, in flight or over; `nil` before a keyed runner's first run.
  private(set) var runKey: (any Hashable & Sendable)?
  /// The error of the last run that failed.
  private(set) var lastError: (any Error)?

  /// Creates a runner; nothing starts until it is placed on a stage and started.
  ///
  /// A runner given a value already `shown` starts from it, so its first start refreshes it;
  /// one given a `cache` slot reads it first and shares its loads through it. `shownArrival` is
  /// when a load delivered `shown`, if one did.
  package init(
    source: LoadSource<Value>, options: LoadOptions, shown: Value? = nil,
    shownArrival: Duration? = nil, cache: LoadCacheSlot<Value>? = nil
  ) {
    self.makeSource = { source }
    self.options = options
    self.cacheSlot = cache
    self.refresher = AutoRefresh(options)
    if let shown { machine = .loaded(.init(value: shown, origin: .loaded(at: shownArrival))) }
  }

  /// Creates a keyed runner; nothing starts until ``attach(to:loadsWhenIdle:)``.
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
    self.follower = KeyFollower(keying)
    self.refresher = AutoRefresh(options)
    if let shown {
      machine = .loaded(.init(value: shown, key: shownKey, origin: .loaded(at: shownArrival)))
    }
  }

  /// Whether the runner follows a key.
  package var isKeyed: Bool { follower != nil }

  /// The key of the value shown, for a keyed runner.
  package var shownKey: (any Hashable & Sendable)? { machine.shown?.key }

  /// When a load delivered the value shown (scheduler time); `nil` for a cache's value that no
  /// load confirmed yet.
  package var valueArrival: Duration? { machine.arrival }

  /// Whether the value shown belongs to a key other than the key now; always `false` for a
  /// runner without a key, or with nothing shown.
  package var isStale: Bool {
    guard let follower, let shown = machine.shown else { return false }
    return !sameKey(shown.key, follower.current)
  }

  /// Whether the spinner should be visible now (the show delay has passed).
  package var isSpinnerVisible: Bool { spinner.isVisible }

  var now: Duration { timers.now ?? .zero }

  // MARK: Entry points

  /// Places the runner on the scheduler of its screen's stage; entry points before do nothing
  /// that needs time.
  package func use(_ scheduler: Scheduler) {
    timers.use(scheduler)
  }

  /// The screen is on screen, on `scheduler`'s stage.
  ///
  /// A keyed runner follows its key from now on and loads it unless its loaded value is shown
  /// or its load failed (one already following does nothing); another loads when idle if
  /// `loadsWhenIdle`. A cache entry invalidated while the screen was away reloads.
  package func attach(to scheduler: Scheduler, loadsWhenIdle: Bool) {
    use(scheduler)
    guard var follower else {
      if loadsWhenIdle, case .idle = machine { start() } else { screenDidReturn() }
      return
    }
    guard !follower.isFollowing else { return }
    follower.follow(self) { [weak self] in self?.keyDidChange() }
    self.follower = follower
    let key = follower.current
    let isSettled =
      if case .failed = machine { sameKey(runKey, key) } else { machine.showsLoadedValue(of: key) }
    if !isSettled { start() } else { screenDidReturn() }
  }

  private func screenDidReturn() {
    let missed = attachment == .awayMissedInvalidation
    attachment = .attached
    guard missed, attempt.isResting else { return }
    if case .idle = machine { return }
    start()
  }

  /// Starts a load unless one is in flight.
  ///
  /// A loaded value stays shown as `refreshing`. A stream still delivering values is
  /// restarted. A keyed runner loads the key now; a key change waiting out its debounce loads
  /// at once.
  package func start() {
    attachment = .attached
    if follower?.isWaiting == true {
      step { loadKeyNow() }
      return
    }
    guard !machine.isInFlight else { return }
    step {
      attempt.reset()
      retarget()
      let needsCache = machine.shown.map { !sameKey($0.key, runKey) } ?? true
      apply(.start(needsCache ? LoadCacheLink.lookup(cacheSlot, key: follower?.current) : nil))
    }
  }

  /// Stops following, as its screen leaves.
  ///
  /// It cancels the load and a pending key change, stops hearing of key changes, and refreshes
  /// on its own no more until its owner says the screen is present again. It still hears of its
  /// cache entry, so a screen coming back shows the value the entry got meanwhile; an
  /// invalidation meanwhile reloads it only when it is back.
  package func detach() {
    refresher.leave()
    if attachment == .attached { attachment = .away }
    cancel()
    updateInterval()
    let stopFollowing = follower?.unfollow()
    stopFollowing?()
  }

  /// Abandons the load in flight, or stops a stream that is still delivering values: a state
  /// that was loading becomes idle, a refresh falls back to its value.
  package func cancel() {
    guard !attempt.isResting || machine.isInFlight || follower?.isWaiting == true else { return }
    step {
      endKeyWait()
      apply(.cancel)
    }
  }

  /// Hears from the owner whether its screen is present and whether the terminal has focus:
  /// focus coming back while present refreshes a settled value as old as
  /// ``LoadOptions/refreshOnFocus`` says; the interval timer is set or cancelled to match.
  package func setPresence(isPresent: Bool, terminalHasFocus: Bool) {
    let regained = refresher.setPresence(isPresent: isPresent, terminalHasFocus: terminalHasFocus)
    if regained, let now = timers.now, !machine.isInFlight, follower?.isWaiting != true,
      machine.showsSettledValue, refresher.refreshesOnFocus(arrival: machine.arrival, now: now)
    {
      start()
    }
    updateInterval()
  }

  /// Dismisses a failure that still has a value to show, returning to `loaded`.
  package func dismissError() {
    guard case .failed(_, _?) = machine else { return }
    step { apply(.dismissError) }
  }

  // MARK: Steps

  /// Runs `body` as one step: whatever it changes reaches the owner as one event, after it, so
  /// the owner's reaction may start another load.
  func step(_ body: () -> Void) {
    // NB: after the owner heard of the step, so the value is on screen when a waiter resumes.
    defer { answerValueWaiters() }
    let spinnerWasVisible = spinner.isVisible
    let progressBefore = progress
    body()
    updateInterval()
    guard
      step.stateChanged || step.value != nil || spinner.isVisible != spinnerWasVisible
        || progress != progressBefore
    else { return }
    let event = LoadEvent(
      state: state, stateChanged: step.stateChanged, value: step.value,
      isSpinnerVisible: spinner.isVisible, progress: progress)
    step = Step()
    onEvent?(event)
  }

  /// Feeds `input` to the machine and carries out its effects, in order.
  func apply(_ input: Machine.Input) {
    let (next, effects) = Machine.reduce(machine, input, now: now)
    machine = next
    for effect in effects {
      switch effect {
      case .stopRun: stopRun()
      case .hideSpinner: spinner.hide()
      case .show(let value): step.value = Machine.typed(value) as Value
      case .announce:
        step.stateChanged = true
        if !next.isInFlight { waiters.resumeRefreshes() }
      case .settle: if timers.now != nil { refresher.settle(at: now) }
      case .watchCache: watchCache()
      case .retry: retryAfterBackoff()
      case .debounce: waitOutDebounce()
      case .run: beginRun()
      }
    }
  }

  func setProgress(_ progress: LoadProgress?) {
    self.progress = progress
  }

  func noteError(_ error: (any Error)?) {
    lastError = error
  }

  /// The machine's state, for the runner's other files.
  var loadMachineState: Machine.State { machine }

  /// Points a keyed runner's source and cache slot at the key now.
  func retarget() {
    guard let request = follower?.keying.request() else { return }
    makeSource = request.makeSource
    cacheSlot = request.cache
    runKey = request.key
  }

  func source() -> LoadSource<Value> { makeSource() }
}

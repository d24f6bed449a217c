/// The loading engine's state machine: one load's state and what each input does to it.
///
/// ``reduce(_:_:now:)`` is pure: it takes the state, one input and the time, and returns the
/// next state and the effects for the runner to carry out, in order. It reads nothing else, so
/// a table of (state, input) pairs is its specification (`LoadMachineTests`). What it needs to
/// know of the world (the cache's value for the key, whether a retry is left) comes in the
/// input; what it wants done (run the source, hide the spinner, wait out the debounce) goes out
/// as effects. The timing of the attempt and the spinner, the key followed and the automatic
/// refreshes are the runner's collaborators' (see `LoadRunner`).
enum LoadMachine {
  typealias Key = any Hashable & Sendable
  // NB: not generic over the value, which it only carries: generic, a load ran in code the
  // program does not specialise (the engine is another module), where each use of a nested
  // type looked up its metadata (45 look-ups, 12,000 instructions, 7 % of a keyed load).
  typealias Value = any Sendable

  /// Where the load is: ``LoadState``'s cases, with what the engine knows of the value shown.
  enum State {
    /// Nothing requested yet, or the last load was cancelled before it answered.
    case idle
    /// A load is asked for and nothing is shown.
    case loading
    /// A value is shown and no load of a newer one is asked for.
    case loaded(Shown)
    /// A value is shown while a newer one is asked for.
    case refreshing(Shown)
    /// The load failed, over the value still shown if there is one.
    case failed(any Error, Shown?)
  }

  /// The value shown, the key it belongs to (for a keyed load) and where it came from.
  struct Shown {
    var value: Value
    var key: Key?
    var origin: Origin
  }

  /// Whether a load delivered the value shown.
  enum Origin {
    /// A load delivered it, or a cache within its freshness window; at that time when known,
    /// which is the age refreshing on focus goes by.
    case loaded(at: Duration?)
    /// A cache showed it and no load confirmed it yet: its revalidation is under way or due.
    case cached
  }

  /// A value the cache holds for the key now; `isFresh` within the cache's freshness window.
  struct Cached {
    var value: Value
    var key: Key?
    var isFresh: Bool
  }

  /// What happens to the load.
  enum Input {
    /// A load is asked for, with the cache's value for the key when the one shown is not its.
    case start(Cached?)
    /// The key changed, to one the cache holds a value for or not; the load waits out the
    /// debounce.
    case keyChanged(Cached?)
    /// The changed key's load begins, its debounce over.
    case loadKey
    /// The run delivered a value of `key`.
    case delivered(Value, key: Key?)
    /// The run failed; `canRetry` while the retry policy allows another attempt.
    case failed(any Error, canRetry: Bool)
    /// The owner cancelled the load.
    case cancel
    /// The user dismissed a refresh's error.
    case dismissError
    /// The key went back to the key of the loaded value shown, before its change loaded.
    case keyReturned
    /// Another load, or an optimistic change, stored a value of `key` in the cache entry.
    case stored(Value, key: Key?)
    /// An optimistic change failed; the entry went back to `value` (if it changed).
    case rolledBack(Value?, any Error)
  }

  /// What the runner does for a transition, in this order.
  enum Effect {
    /// Stop the run in flight: its later answers are dropped.
    case stopRun
    /// Hide the spinner.
    case hideSpinner
    /// Hand the value to the owner's screen.
    case show(Value)
    /// The state was set: the owner hears of it, and refreshes waiting for a load out of
    /// flight end.
    case announce
    /// The load settled: the refresh interval counts from now.
    case settle
    /// Follow the cache entry of the key now.
    case watchCache
    /// Wait out the backoff, then run the source again.
    case retry
    /// Wait out the debounce, then load the key now.
    case debounce
    /// Run the source (or join the cache's load) for the key now.
    case run
  }

  /// The next state and the effects of `input` in `state` at `now`.
  ///
  /// NB: each case builds its effects as one array literal, so a step allocates one small
  /// array at most (none when it has no effects).
  static func reduce(_ state: State, _ input: Input, now: Duration) -> (State, [Effect]) {
    switch input {
    case .start(let cached?):
      let next = show(cached)
      if cached.isFresh { return (next, [.show(cached.value), .settle, .watchCache, .announce]) }
      return (next, [.show(cached.value), .announce, .run])
    case .start(nil), .loadKey:
      guard let next = begin(state) else { return (state, [.run]) }
      return (next, [.announce, .run])
    case .keyChanged(let cached?):
      let next = show(cached)
      if cached.isFresh {
        return (
          next, [.stopRun, .hideSpinner, .show(cached.value), .settle, .watchCache, .announce]
        )
      }
      return (next, [.stopRun, .hideSpinner, .show(cached.value), .announce, .debounce])
    case .keyChanged(nil):
      guard let next = begin(state) else { return (state, [.debounce]) }
      return (next, [.announce, .debounce])
    case .delivered(let value, let key):
      let next = State.loaded(Shown(value: value, key: key, origin: .loaded(at: now)))
      if state.isInFlight { return (next, [.hideSpinner, .show(value), .settle, .announce]) }
      return (next, [.hideSpinner, .show(value), .announce])
    case .failed(let error, let canRetry):
      return fail(state, error, canRetry: canRetry)
    case .cancel:
      switch state {
      case .refreshing(let shown):
        return (.loaded(shown), [.stopRun, .hideSpinner, .settle, .announce])
      case .loading: return (.idle, [.stopRun, .hideSpinner, .settle, .announce])
      case .idle, .loaded, .failed: return (state, [.stopRun, .hideSpinner])
      }
    case .dismissError:
      guard case .failed(_, let shown?) = state else { return (state, []) }
      return (.loaded(shown), [.announce])
    case .keyReturned:
      guard let shown = state.shown else { return (state, []) }
      if state.isInFlight { return (.loaded(shown), [.stopRun, .settle, .announce]) }
      return (.loaded(shown), [.stopRun, .announce])
    case .stored(let value, let key):
      guard state.shown != nil else { return (state, []) }
      let shown = Shown(value: value, key: key, origin: .loaded(at: now))
      return (state.isInFlight ? .refreshing(shown) : .loaded(shown), [.show(value), .announce])
    case .rolledBack(let value, let error):
      guard var shown = state.shown else { return (state, []) }
      if let value { shown.value = value }
      let next = state.isInFlight ? State.refreshing(shown) : .failed(error, shown)
      return (next, value.map { [.show($0), .announce] } ?? [.announce])
    }
  }

  /// A load asked for: the value shown (if any) stays as a refresh; `nil` while one is in
  /// flight, which goes on.
  private static func begin(_ state: State) -> State? {
    switch state {
    case .idle, .failed(_, nil): .loading
    case .loaded(let shown), .failed(_, let shown?): .refreshing(shown)
    case .loading, .refreshing: nil
    }
  }

  /// A cache's value shown: one within its freshness window as loaded, another to revalidate.
  private static func show(_ cached: Cached) -> State {
    guard cached.isFresh else {
      return .refreshing(Shown(value: cached.value, key: cached.key, origin: .cached))
    }
    return .loaded(Shown(value: cached.value, key: cached.key, origin: .loaded(at: nil)))
  }

  /// A failure: a cancellation in flight falls back to what was shown, another failure is
  /// retried while the policy allows (the spinner stays up), and otherwise shown.
  private static func fail(_ state: State, _ error: any Error, canRetry: Bool) -> (State, [Effect])
  {
    if error is CancellationError, state.isInFlight {
      return (state.shown.map(State.loaded) ?? .idle, [.hideSpinner, .settle, .announce])
    }
    if canRetry {
      // NB: a stream that failed after its values reconnects as a refresh of its last value.
      guard case .loaded(let shown) = state else { return (state, [.retry]) }
      return (.refreshing(shown), [.announce, .retry])
    }
    let next = State.failed(error, state.shown)
    if state.isInFlight { return (next, [.hideSpinner, .settle, .announce]) }
    return (next, [.hideSpinner, .announce])
  }
}

extension LoadMachine {
  /// `value` as the owner's type, which every value the machine carries for it is.
  static func typed<Typed>(_ value: Value) -> Typed {
    guard let typed = value as? Typed else {
      preconditionFailure("ScreenKit: a load's value is a \(type(of: value)), not a \(Typed.self)")
    }
    return typed
  }
}

extension LoadMachine.State {
  /// The state as the owner sees it, whose values are all `Value`s.
  func loadState<Value>(of _: Value.Type) -> LoadState<Value> {
    switch self {
    case .idle: .idle
    case .loading: .loading
    case .loaded(let shown): .loaded(LoadMachine.typed(shown.value))
    case .refreshing(let shown): .refreshing(LoadMachine.typed(shown.value))
    case .failed(let error, let shown):
      .failed(error, lastValue: shown.map { LoadMachine.typed($0.value) })
    }
  }

  /// The value shown, with what is known of it.
  var shown: LoadMachine.Shown? {
    switch self {
    case .loaded(let shown), .refreshing(let shown), .failed(_, let shown?): shown
    case .idle, .loading, .failed(_, nil): nil
    }
  }

  /// Whether a load is asked for: the source runs, backs off, or waits out the debounce.
  var isInFlight: Bool {
    switch self {
    case .loading, .refreshing: true
    case .idle, .loaded, .failed: false
    }
  }

  /// Whether a load of `key` delivered the value shown.
  func showsLoadedValue(of key: LoadMachine.Key?) -> Bool {
    guard let shown, case .loaded = shown.origin else { return false }
    return sameKey(shown.key, key)
  }

  /// When a load delivered the value shown; `nil` when unknown or a cache's value unconfirmed.
  var arrival: Duration? {
    guard case .loaded(let at)? = shown?.origin else { return nil }
    return at
  }

  /// Whether a settled value is shown, which may refresh on its own (on focus, on an interval).
  var showsSettledValue: Bool {
    switch self {
    case .loaded, .failed(_, _?): true
    case .idle, .loading, .refreshing, .failed(_, nil): false
    }
  }
}

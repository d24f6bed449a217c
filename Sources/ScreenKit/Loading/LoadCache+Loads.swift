/// Shared loads, the screens following each key, invalidation and prefetching.
extension LoadCache {
  /// Joins the load of `key` in flight, or starts one; returns how to leave it, an answer to
  /// take at once, and the load's identity.
  func join(
    _ key: Key, source: LoadSource<Value>, scheduler: Scheduler,
    subscriber: SharedLoad<Value>.Subscriber
  ) -> (leave: LoadCacheSlot<Value>.Leave, immediate: LoadAnswer<Value>?, load: ObjectIdentifier) {
    if let load = loads[key], load.isJoinable {
      let joined = load.subscribe(subscriber, on: scheduler)
      return (joined.leave, joined.latest, ObjectIdentifier(load))
    }
    weak var load: SharedLoad<Value>?
    let shared = SharedLoad<Value>(
      store: { [weak self] value in
        guard let self, let load else { return value }
        return self.store(value, forKey: key, load: ObjectIdentifier(load))
      },
      finish: { [weak self] failure in
        guard let self, let load else { return }
        self.loadDidFinish(key, load, failure: failure)
      })
    load = shared
    loads[key] = shared
    history[key, default: History()].startedAt = clock.now
    history[key]?.source = source
    history[key]?.scheduler = scheduler
    let leave = shared.subscribe(subscriber, on: scheduler).leave
    return (leave, shared.start(source, on: scheduler), ObjectIdentifier(shared))
  }

  private func loadDidFinish(_ key: Key, _ load: SharedLoad<Value>, failure: (any Error)?) {
    if loads[key] === load {
      loads[key] = nil
      if var record = history[key], let startedAt = record.startedAt {
        record.startedAt = nil
        // NB: a load abandoned by every screen tells nothing of how long the key takes.
        if !(failure is CancellationError) {
          record.lastDuration = clock.now - startedAt
          record.lastError = failure
        }
        history[key] = record
      }
    }
    forgetIfUnused(key)
  }

  // MARK: Screens following a key

  /// Calls `hear` with each change of `key` while `owner` lives; returns how to stop.
  func watch(
    _ key: Key, by owner: AnyObject, _ hear: @escaping @MainActor (LoadCacheChange<Value>) -> Void
  ) -> @MainActor () -> Void {
    nextWatcher += 1
    let token = nextWatcher
    watchers[key, default: [:]][token] = Watcher(owner: owner, hear: hear)
    return { [weak self] in
      guard let self else { return }
      self.watchers[key]?[token] = nil
      if self.watchers[key]?.isEmpty == true { self.watchers[key] = nil }
      self.forgetIfUnused(key)
    }
  }

  /// The screens following `key` that still live.
  func liveWatchers(of key: Key) -> [Int: Watcher] {
    let live = (watchers[key] ?? [:]).filter { $0.value.owner != nil }
    watchers[key] = live.isEmpty ? nil : live
    return live
  }

  /// Tells every screen following `key` of a change, in the order they began following it.
  func notify(_ key: Key, _ change: LoadCacheChange<Value>) {
    // NB: copied first: hearing of a change may start or leave loads, and follow other keys.
    let current = liveWatchers(of: key)
    for token in current.keys.sorted() where watchers[key]?[token] != nil {
      current[token]?.hear(change)
    }
  }

  /// Drops what the inspector remembers of a key nothing holds any more.
  func forgetIfUnused(_ key: Key) {
    guard entries[key] == nil, loads[key] == nil, mutations[key] == nil,
      liveWatchers(of: key).isEmpty
    else { return }
    history[key] = nil
  }

  // MARK: Invalidation

  /// Marks the value of `key` out of date: every screen showing it loads it again, keeping the
  /// value under the refresh badge, and a load of it in flight is replaced by a new one, as
  /// its answer may predate the change.
  ///
  /// The entry stays, so a screen that shows the key later shows it at once, as it always
  /// does, and revalidates it.
  public func invalidate(_ key: Key) {
    invalidate { $0 == key }
  }

  /// Invalidates every key `isIncluded` accepts, as ``invalidate(_:)`` does one.
  public func invalidate(where isIncluded: (Key) -> Bool) {
    var keys = Set(entries.keys).union(loads.keys).union(watchers.keys)
    keys = keys.filter(isIncluded)
    for key in keys {
      entries[key]?.isInvalidated = true
      loads[key]?.retire()
    }
    // NB: keys in the order the cache used them, so screens reload in a stable order.
    let ordered = self.keys.filter(keys.contains) + keys.filter { entries[$0] == nil }
    for key in ordered { notify(key, .invalidated) }
  }

  /// Invalidates every key.
  public func invalidateAll() {
    invalidate { _ in true }
  }

  // MARK: Prefetching

  /// Loads `key` on `stage` before a screen shows it, so the screen shows its value at once.
  ///
  /// Nothing happens when the cache holds a value for the key (within its time to live) or a
  /// load of it is in flight: a screen showing the key revalidates it, unless it is within
  /// ``freshFor``. A screen that shows the key
  /// while the prefetch runs joins it rather than loading again; the prefetch goes on if that
  /// screen leaves. A failure is not kept; the screen that shows the key loads it again.
  ///
  /// ```swift
  /// list.onSelect = { number, _ in
  ///   details.prefetch(number, on: stage) { try await catalogue.episode(number) }
  /// }
  /// ```
  public func prefetch(
    _ key: Key, on stage: Stage, load: @escaping @Sendable () async throws -> Value
  ) {
    stage.loadRegistry.add(self)
    guard value(forKey: key) == nil, loads[key]?.isJoinable != true else { return }
    loadInBackground(key, source: .async { _ in try await load() }, on: stage.scheduler)
  }

  /// Starts a load of `key` that no screen waits for, kept going until it answers.
  func loadInBackground(_ key: Key, source: LoadSource<Value>, on scheduler: Scheduler) {
    let subscriber = SharedLoad<Value>.Subscriber(
      progress: { _ in },
      answer: { [weak self] answer in
        if case .value(_, isFinal: false) = answer { return }
        self?.keepAlive[key] = nil
      })
    let joined = join(key, source: source, scheduler: scheduler, subscriber: subscriber)
    switch joined.immediate {
    case nil, .value(_, isFinal: false)?: keepAlive[key] = joined.leave
    case .value(_, isFinal: true)?, .end?, .failure?: break
    }
  }

  /// Loads `key` again for the inspector: screens showing it reload it; with none, the source
  /// that loaded it last runs again in the background.
  func refetch(_ key: Key) {
    if !liveWatchers(of: key).isEmpty {
      invalidate(key)
      return
    }
    loads[key]?.retire()
    guard let record = history[key], let source = record.source,
      let scheduler = record.scheduler
    else { return }
    loadInBackground(key, source: source, on: scheduler)
  }
}

public import ScreenKit

/// Shared loads, the screens following each key, invalidation and prefetching.
extension LoadCache {
  /// The value of `key` within its time to live, marking it recently used, and whether it is
  /// within ``freshFor`` (a screen then shows it without loading it again).
  func lookup(_ key: Key) -> (value: Value, isFresh: Bool)? {
    guard let entry = entries[key], let value = value(of: entry) else { return nil }
    return (value, entry.isFresh(at: clock.now, freshFor: freshFor))
  }

  /// Joins the load of `key` in flight, or starts one.
  func join(
    _ key: Key, source: LoadSource<Value>, scheduler: Scheduler,
    subscriber: SharedLoad<Value>.Subscriber
  ) -> SharedLoad<Value>.Joined {
    let entry = entry(for: key)
    if let load = entry.load, load.isJoinable {
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
        guard let self, let load, let entry = self.entries[key] else { return }
        entry.loadDidFinish(load, failure: failure, at: self.clock.now)
        self.dropIfUnused(entry)
      })
    load = shared
    entry.loadDidStart(shared, source: source, on: scheduler, at: clock.now)
    let leave = shared.subscribe(subscriber, on: scheduler).leave
    return (leave, shared.start(source, on: scheduler), ObjectIdentifier(shared))
  }

  /// Calls `hear` with each change of `key` while `owner` lives; returns how to stop.
  func watch(
    _ key: Key, by owner: AnyObject, _ hear: @escaping @MainActor (LoadCacheChange<Value>) -> Void
  ) -> @MainActor () -> Void {
    let entry = entry(for: key)
    let token = entry.watch(by: owner, hear)
    return { [weak self, weak entry] in
      guard let self, let entry else { return }
      entry.stopWatching(token)
      self.dropIfUnused(entry)
    }
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
    let invalidated = entries.values.filter { isIncluded($0.key) }
    for entry in invalidated { entry.invalidate() }
    // NB: keys in the order the cache used them, so screens reload in a stable order.
    let included = Set(invalidated.map(ObjectIdentifier.init))
    let ordered =
      entriesByUse.filter { included.contains(ObjectIdentifier($0)) }
      + invalidated.filter { $0.stored == nil }
    for entry in ordered { entry.notify(.invalidated) }
  }

  /// Invalidates every key.
  public func invalidateAll() {
    invalidate { _ in true }
  }

  // MARK: Prefetching

  /// Loads `key` on `scheduler` (a stage's) before a screen shows it, so the screen shows its
  /// value at once.
  ///
  /// Nothing happens when the cache holds a value for the key (within its time to live) or a
  /// load of it is in flight: a screen showing the key revalidates it, unless it is within
  /// ``freshFor``. A screen that shows the key
  /// while the prefetch runs joins it rather than loading again; the prefetch goes on if that
  /// screen leaves. A failure is not kept; the screen that shows the key loads it again.
  ///
  /// ```swift
  /// list.onSelect = { number, _ in
  ///   details.prefetch(number, on: stage.scheduler) { try await catalogue.episode(number) }
  /// }
  /// ```
  public func prefetch(
    _ key: Key, on scheduler: Scheduler, load: @escaping @Sendable () async throws -> Value
  ) {
    scheduler.loadRegistry.add(self)
    guard value(forKey: key) == nil, entries[key]?.load?.isJoinable != true else { return }
    loadInBackground(key, source: .async { _ in try await load() }, on: scheduler)
  }

  /// Starts a load of `key` that no screen waits for, kept going until it answers.
  func loadInBackground(_ key: Key, source: LoadSource<Value>, on scheduler: Scheduler) {
    let subscriber = SharedLoad<Value>.Subscriber(
      progress: { _ in },
      answer: { [weak self] answer in
        if case .value(_, isFinal: false) = answer { return }
        guard let self, let entry = self.entries[key] else { return }
        entry.keepAlive = nil
        self.dropIfUnused(entry)
      })
    let joined = join(key, source: source, scheduler: scheduler, subscriber: subscriber)
    switch joined.immediate {
    case nil, .value(_, isFinal: false)?: entry(for: key).keepAlive = joined.leave
    case .value(_, isFinal: true)?, .end?, .failure?: break
    }
  }

  /// Loads `key` again for the inspector: screens showing it reload it; with none, the source
  /// that loaded it last runs again in the background.
  func refetch(_ key: Key) {
    guard let entry = entries[key] else { return }
    if entry.liveWatcherCount > 0 {
      invalidate(key)
      return
    }
    entry.load?.retire()
    guard let source = entry.history.source, let scheduler = entry.history.scheduler else {
      return
    }
    loadInBackground(key, source: source, on: scheduler)
  }
}

import ScreenKit

/// Everything a ``LoadCache`` knows of one key: the value it holds, the load of the key in
/// flight, the screens following the key, its optimistic changes, and what the load inspector
/// shows of its loads.
///
/// The rules about one key live here. The cache keeps what is about every key (the order of
/// use, the count and cost limits, the clock) and drops an entry once it ``isUnused``.
@MainActor
final class LoadCacheEntry<Key: Hashable & Sendable, Value: Sendable> {
  /// A value held for the key.
  struct Stored {
    let value: Value
    /// When it was stored, on the cache's clock.
    let storedAt: Duration
    let cost: Int
    /// Whether it was invalidated since it was stored; an invalidated value is never fresh.
    var isInvalidated = false
  }

  /// A screen following the key.
  struct Watcher {
    weak var owner: AnyObject?
    let hear: @MainActor (LoadCacheChange<Value>) -> Void
  }

  /// What the inspector shows of the key's loads besides its value.
  struct History {
    var lastDuration: Duration?
    var lastError: (any Error)?
    /// What loaded the key last, and where, so the inspector can load it again.
    var source: LoadSource<Value>?
    weak var scheduler: Scheduler?
  }

  let key: Key
  /// The value held; `nil` when the cache holds none (never stored, evicted, expired, removed).
  var stored: Stored?
  /// The number of the value's latest use, which marks its one current place in the cache's
  /// order of use; 0 while it holds none.
  // NB: beside `stored`, not in it: the order of use reads it for every use it passes, and the
  // cache's generic code, unspecialized in a program, reads an `Int` of the entry without
  // looking up the type of `Stored?` first.
  var lastUse = 0
  /// The newest load of the key while it runs, and when it started on the cache's clock:
  /// screens loading the key join it while it is joinable.
  private(set) var inFlight: (load: SharedLoad<Value>, startedAt: Duration)?
  /// The subscription that keeps a load no screen waits for (a prefetch, the inspector's
  /// refetch) going until it answers.
  var keepAlive: SharedLoad<Value>.Leave?
  /// The changes not finished yet; `nil` when none is.
  var changes: OptimisticChanges<Value>?
  private(set) var history = History()
  /// The screens following the key, by the order they began following it.
  private var watchers: [Int: Watcher] = [:]
  private var lastWatcherToken = 0

  init(key: Key) {
    self.key = key
  }

  /// Whether nothing needs the entry any more.
  ///
  /// It holds no value, no load of the key is in flight or kept going, no screen that still
  /// lives follows the key, and no change of it is pending. The cache then drops it, and what
  /// the inspector remembers of the key with it.
  var isUnused: Bool {
    stored == nil && keepAlive == nil && inFlight == nil && changes == nil
      && (watchers.isEmpty || liveWatcherCount == 0)
  }

  /// The load of the key in flight.
  var load: SharedLoad<Value>? { inFlight?.load }

  // MARK: The value

  /// Whether the value held was stored `timeToLive` ago or more.
  func isExpired(at now: Duration, timeToLive: Duration?) -> Bool {
    guard let stored, let timeToLive else { return false }
    return now >= stored.storedAt.saturatingAdding(timeToLive)
  }

  /// Whether the value held was stored less than `freshFor` ago and not invalidated since.
  func isFresh(at now: Duration, freshFor: Duration) -> Bool {
    guard freshFor > .zero, let stored, !stored.isInvalidated else { return false }
    return now < stored.storedAt.saturatingAdding(freshFor)
  }

  /// Takes `value`, which a load or the program stored, and returns the value to hold: while
  /// changes are pending it is their new base, held with them applied.
  func rebase(on value: Value) -> Value {
    guard let changes else { return value }
    changes.base = value
    return changes.expected ?? value
  }

  /// Marks the value held out of date, and makes the load in flight take no new screens: its
  /// answer may predate the change.
  func invalidate() {
    stored?.isInvalidated = true
    load?.retire()
  }

  // MARK: Loads

  func loadDidStart(
    _ load: SharedLoad<Value>, source: LoadSource<Value>, on scheduler: Scheduler,
    at now: Duration
  ) {
    inFlight = (load, now)
    history.source = source
    history.scheduler = scheduler
  }

  /// Records how `load` ended, if it is the newest load of the key.
  func loadDidFinish(_ load: SharedLoad<Value>, failure: (any Error)?, at now: Duration) {
    guard let inFlight, inFlight.load === load else { return }
    self.inFlight = nil
    // NB: a load abandoned by every screen tells nothing of how long the key takes.
    guard !(failure is CancellationError) else { return }
    history.lastDuration = now - inFlight.startedAt
    history.lastError = failure
  }

  // MARK: Screens following the key

  /// Calls `hear` with each change of the key while `owner` lives; returns the token that
  /// ``stopWatching(_:)`` takes.
  func watch(
    by owner: AnyObject, _ hear: @escaping @MainActor (LoadCacheChange<Value>) -> Void
  ) -> Int {
    lastWatcherToken += 1
    watchers[lastWatcherToken] = Watcher(owner: owner, hear: hear)
    return lastWatcherToken
  }

  func stopWatching(_ token: Int) {
    watchers[token] = nil
  }

  /// The number of screens following the key that still live.
  var liveWatcherCount: Int {
    watchers.values.reduce(0) { count, watcher in watcher.owner == nil ? count : count + 1 }
  }

  /// Tells every screen following the key of a change, in the order they began following it.
  func notify(_ change: LoadCacheChange<Value>) {
    guard !watchers.isEmpty else { return }
    watchers = watchers.filter { $0.value.owner != nil }
    // NB: copied first: hearing of a change may start or leave loads, and follow other keys.
    let current = watchers
    for token in current.keys.sorted() where watchers[token] != nil {
      current[token]?.hear(change)
    }
  }

  // MARK: Inspection

  /// The state the inspector shows: `changing (n)`, `fetching`, `empty` or `failed` without a
  /// value, else `expired`, `invalidated`, `fresh` or `stale`.
  func inspectedState(at now: Duration, timeToLive: Duration?, freshFor: Duration) -> String {
    if let changes { return "changing (\(changes.count))" }
    if inFlight != nil { return "fetching" }
    guard let stored else { return history.lastError == nil ? "empty" : "failed" }
    if isExpired(at: now, timeToLive: timeToLive) { return "expired" }
    if stored.isInvalidated { return "invalidated" }
    return isFresh(at: now, freshFor: freshFor) ? "fresh" : "stale"
  }
}

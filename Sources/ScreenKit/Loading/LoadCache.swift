import DequeModule

/// Loaded values kept by key, so a screen for a key already seen shows its value at once and
/// revalidates it in the background (stale-while-revalidate).
///
/// Give a `LoadingController` or a `Loading` screen's `load` the slot of the value's key,
/// ``slot(for:)``. When such a screen starts its load and the cache holds a fresh value for the key,
/// the value is shown on the first frame (no spinner) and reloaded under the refresh badge; a
/// failed reload keeps it and shows the refresh error. Without a fresh value the load runs as
/// usual, with its spinner. Either way, screens loading the same key at the same time share one
/// request: a later one joins the load in flight, cancelling one screen leaves the load to the
/// others, and cancelling all of them abandons it.
///
/// Entries expire `timeToLive` after they were stored, on the cache's own clock (a continuous
/// clock unless one is given, such as a test's virtual clock), so every stage sharing the
/// cache sees an entry at the same age. The cache holds at most `countLimit` entries and, when
/// a `cost` is given, entries whose costs add up to at most `costLimit` (bytes, say); the least
/// recently used go first, however many an insert needs. A value costing more than `costLimit`
/// alone is not kept. The default cost is zero, so only entries count. Without a `costLimit`
/// the total still stays within `Int.max`: the least recently used go first when it would
/// pass it.
///
/// The cache is main-actor isolated, like the stages that use it, so one cache can be shared by
/// any number of screens and stages of a program.
///
/// ```swift
/// let details = LoadCache<Int, Episode>(timeToLive: .seconds(300), countLimit: 50)
/// let detail = LoadingController(
///   load: { try await catalogue.episode(7) }, cache: details.slot(for: 7)
/// ) { EpisodeScreen($0) }
/// ```
@MainActor
public final class LoadCache<Key: Hashable & Sendable, Value: Sendable> {
  private struct Entry {
    var value: Value
    var storedAt: Duration
    var cost: Int
    /// The number of its latest use, which marks its one current place in `uses`.
    var lastUse: Int
  }

  /// How long an entry is fresh; `nil` keeps entries until they are evicted.
  public let timeToLive: Duration?
  /// The most entries kept.
  public let countLimit: Int
  /// The most total cost kept; `nil` for no limit but `Int.max`.
  public let costLimit: Int?
  /// The total cost of the entries.
  public private(set) var totalCost = 0
  private let clock: ScreenClock
  private let cost: (Value) -> Int
  private var entries: [Key: Entry] = [:]
  /// Every use of an entry, least recent first; only an entry's latest use is current.
  // NB: a use moves an entry to the back by appending, not by removing it from the middle;
  // eviction pops from the front, skipping uses no longer current, and `forgetOldUses` drops
  // them once they are the majority. Each operation is O(1), amortized.
  private var uses: Deque<(number: Int, key: Key)> = []
  private var useCounter = 0
  private var loads: [Key: SharedLoad<Value>] = [:]

  /// Creates a cache whose entries live for `timeToLive` on `clock`, bounded by `countLimit`
  /// entries and, with a `cost` function, by `costLimit` in total.
  ///
  /// A negative cost counts as zero.
  public init(
    timeToLive: Duration? = nil, countLimit: Int = 100, costLimit: Int? = nil,
    clock: ScreenClock = .continuous, cost: @escaping (Value) -> Int = { _ in 0 }
  ) {
    self.timeToLive = timeToLive
    self.countLimit = max(0, countLimit)
    self.costLimit = costLimit
    self.clock = clock
    self.cost = cost
  }

  /// The number of entries, fresh or not.
  public var count: Int { entries.count }

  /// The keys held, most recently used last.
  public var keys: [Key] { uses.filter(isCurrent).map(\.key) }

  /// Whether a load of `key` is in flight.
  public func isLoading(_ key: Key) -> Bool { loads[key] != nil }

  /// The value for `key` if it is still fresh, marking it recently used; an expired entry is
  /// removed.
  public func value(forKey key: Key) -> Value? {
    guard let entry = entries[key] else { return nil }
    if let timeToLive, clock.now >= entry.storedAt.saturatingAdding(timeToLive) {
      removeValue(forKey: key)
      return nil
    }
    use(key)
    return entry.value
  }

  /// Stores `value` for `key`, first evicting the least recently used entries it leaves no
  /// room for.
  public func insert(_ value: Value, forKey key: Key) {
    removeValue(forKey: key)
    let cost = max(0, cost(value))
    let limit = costLimit ?? .max
    guard cost <= limit, countLimit > 0 else { return }
    // NB: `limit - cost` cannot overflow and the total never passes `limit`, so adding costs
    // never traps. The least recently used entry is the first current use.
    while entries.count >= countLimit || totalCost > limit - cost, let oldest = uses.popFirst() {
      if isCurrent(oldest) { removeValue(forKey: oldest.key) }
    }
    entries[key] = Entry(value: value, storedAt: clock.now, cost: cost, lastUse: 0)
    totalCost += cost
    use(key)
  }

  /// Removes the entry for `key`.
  public func removeValue(forKey key: Key) {
    guard let entry = entries.removeValue(forKey: key) else { return }
    totalCost -= entry.cost
  }

  /// Removes every entry; loads in flight go on and store their values.
  public func removeAll() {
    entries.removeAll()
    uses.removeAll()
    totalCost = 0
  }

  private func isCurrent(_ use: (number: Int, key: Key)) -> Bool {
    entries[use.key]?.lastUse == use.number
  }

  private func use(_ key: Key) {
    useCounter += 1
    entries[key]?.lastUse = useCounter
    uses.append((useCounter, key))
    forgetOldUses()
  }

  /// Drops the uses no longer current once they outnumber the entries, so `uses` stays within
  /// about twice the entries.
  private func forgetOldUses() {
    guard uses.count > 2 * entries.count + 16 else { return }
    uses.removeAll { !isCurrent($0) }
  }

  /// The slot of `key`, to give a `LoadingController` or a `Loading` screen's `load`, so that
  /// it keeps its value here under `key`.
  public func slot(for key: Key) -> LoadCacheSlot<Value> {
    LoadCacheSlot(
      lookup: { [self] in value(forKey: key) },
      join: { [self] source, scheduler, subscriber in
        join(key, source: source, scheduler: scheduler, subscriber: subscriber)
      })
  }

  /// Joins the load of `key` in flight, or starts one; returns how to leave it and an answer
  /// to take at once.
  private func join(
    _ key: Key, source: LoadSource<Value>, scheduler: Scheduler,
    subscriber: SharedLoad<Value>.Subscriber
  ) -> (leave: LoadCacheSlot<Value>.Leave, immediate: LoadAnswer<Value>?) {
    if let load = loads[key], load.isJoinable {
      let joined = load.subscribe(subscriber, on: scheduler)
      return (joined.leave, joined.latest)
    }
    weak var load: SharedLoad<Value>?
    let shared = SharedLoad<Value>(
      store: { [weak self] value in self?.insert(value, forKey: key) },
      finish: { [weak self] in
        if let self, self.loads[key] === load { self.loads[key] = nil }
      })
    load = shared
    loads[key] = shared
    let leave = shared.subscribe(subscriber, on: scheduler).leave
    return (leave, shared.start(source, on: scheduler))
  }
}

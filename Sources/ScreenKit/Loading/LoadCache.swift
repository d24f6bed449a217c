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
/// A value stored less than `freshFor` ago (zero by default) shows without a reload at all, as
/// TanStack Query's `staleTime`: a prefetched value, say, is not loaded twice.
///
/// Screens showing a key follow its entry: ``invalidate(_:)`` (or ``invalidate(where:)``,
/// ``invalidateAll()``) makes them load it again under the badge, ``prefetch(_:on:load:)`` loads
/// a key before its screen shows, and ``mutate(_:on:optimistic:perform:)`` writes the value a
/// change is expected to give at once, to every screen showing the key, and takes it back if the
/// change fails. The load inspector (``Stage/loadInspectorKey``) lists every entry.
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
  struct Entry {
    var value: Value
    var storedAt: Duration
    var cost: Int
    /// The number of its latest use, which marks its one current place in `uses`.
    var lastUse: Int
    /// Whether it was invalidated since it was stored.
    var isInvalidated = false
  }

  /// A screen following a key.
  struct Watcher {
    weak var owner: AnyObject?
    let hear: @MainActor (LoadCacheChange<Value>) -> Void
  }

  /// What the inspector shows of a key's loads besides its entry.
  struct History {
    /// When the load in flight started, on the cache's clock.
    var startedAt: Duration?
    var lastDuration: Duration?
    var lastError: (any Error)?
    /// What loaded the key last, and where, so the inspector can load it again.
    var source: LoadSource<Value>?
    weak var scheduler: Scheduler?
  }

  /// The changes of a key waiting or under way, oldest first, and the value they apply to.
  struct MutationQueue {
    /// The value as loads and finished changes left it; `nil` when the cache had none.
    var base: Value?
    var pending: [Mutation] = []
    var isRunning = false
  }

  /// One change of a key: the value it is expected to give, and the work that makes it.
  struct Mutation {
    let update: @MainActor (Value) -> Value
    let perform: @Sendable () async throws -> Value?
    let scheduler: Scheduler
  }

  /// The name the load inspector shows.
  public var name: String

  /// How long an entry is kept; `nil` keeps entries until they are evicted.
  public let timeToLive: Duration?
  /// How long after it was stored a screen takes a value as it is, without loading it again.
  ///
  /// `.zero`, the default, revalidates every time a screen shows it. An invalidated value is
  /// never fresh.
  public let freshFor: Duration
  /// The most entries kept.
  public let countLimit: Int
  /// The most total cost kept; `nil` for no limit but `Int.max`.
  public let costLimit: Int?
  /// The total cost of the entries.
  public private(set) var totalCost = 0
  let clock: ScreenClock
  private let cost: (Value) -> Int
  var entries: [Key: Entry] = [:]
  /// Every use of an entry, least recent first; only an entry's latest use is current.
  // NB: a use moves an entry to the back by appending, not by removing it from the middle;
  // eviction pops from the front, skipping uses no longer current, and `forgetOldUses` drops
  // them once they are the majority. Each operation is O(1), amortized.
  private var uses: Deque<(number: Int, key: Key)> = []
  private var useCounter = 0
  var loads: [Key: SharedLoad<Value>] = [:]
  var watchers: [Key: [Int: Watcher]] = [:]
  var nextWatcher = 0
  var history: [Key: History] = [:]
  var mutations: [Key: MutationQueue] = [:]
  /// The subscriptions that keep prefetches and the inspector's loads going.
  var keepAlive: [Key: LoadCacheSlot<Value>.Leave] = [:]

  /// Creates a cache whose entries live for `timeToLive` on `clock` (and show without a reload
  /// for `freshFor`), bounded by `countLimit` entries and, with a `cost` function, by
  /// `costLimit` in total; the load inspector shows it as `name`.
  ///
  /// A negative cost counts as zero.
  public init(
    name: String? = nil, timeToLive: Duration? = nil, freshFor: Duration = .zero,
    countLimit: Int = 100,
    costLimit: Int? = nil, clock: ScreenClock = .continuous,
    cost: @escaping (Value) -> Int = { _ in 0 }
  ) {
    self.name = name ?? "\(Value.self) by \(Key.self)"
    self.timeToLive = timeToLive
    self.freshFor = freshFor
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

  /// Whether the value of `key` was stored less than ``freshFor`` ago and not invalidated since.
  public func isFresh(_ key: Key) -> Bool {
    guard freshFor > .zero, let entry = entries[key], !entry.isInvalidated else { return false }
    return clock.now < entry.storedAt.saturatingAdding(freshFor)
  }

  /// Stores `value` for `key`, first evicting the least recently used entries it leaves no
  /// room for; every screen showing the key shows it.
  ///
  /// While changes of the key are pending (``mutate(_:on:optimistic:perform:)``), `value` is
  /// what they apply to: the entry holds it with their expected results.
  public func insert(_ value: Value, forKey key: Key) {
    store(value, forKey: key, load: nil)
  }

  /// Stores a value a load or a change gave (`load` names the load) and tells the screens
  /// following the key; returns the value the entry holds.
  @discardableResult
  func store(_ value: Value, forKey key: Key, load: ObjectIdentifier?) -> Value {
    var value = value
    if var queue = mutations[key] {
      queue.base = value
      mutations[key] = queue
      value = queue.expected ?? value
    }
    put(value, forKey: key)
    notify(key, .stored(value, load: load))
    return value
  }

  /// Stores `value` for `key` and tells no one.
  func put(_ value: Value, forKey key: Key) {
    discardEntry(key)
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

  /// Removes the entry for `key`; screens showing it keep their value.
  public func removeValue(forKey key: Key) {
    discardEntry(key)
    forgetIfUnused(key)
  }

  private func discardEntry(_ key: Key) {
    guard let entry = entries.removeValue(forKey: key) else { return }
    totalCost -= entry.cost
  }

  /// Removes every entry; loads in flight go on and store their values.
  public func removeAll() {
    let keys = entries.keys
    entries.removeAll()
    uses.removeAll()
    totalCost = 0
    for key in keys { forgetIfUnused(key) }
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
      key: key, cache: self,
      lookup: { [self] in value(forKey: key).map { ($0, isFresh(key)) } },
      join: { [self] source, scheduler, subscriber in
        join(key, source: source, scheduler: scheduler, subscriber: subscriber)
      },
      invalidate: { [self] in invalidate(key) },
      remove: { [self] in removeValue(forKey: key) },
      watch: { [self] owner, hear in watch(key, by: owner, hear) })
  }
}

extension LoadCache.MutationQueue {
  /// The value the pending changes are expected to give, applied in order to the base.
  @MainActor
  var expected: Value? {
    base.map { base in pending.reduce(base) { value, change in change.update(value) } }
  }
}

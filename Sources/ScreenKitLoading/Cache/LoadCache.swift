import DequeModule
public import ScreenKit

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
/// change fails. The load inspector (`Stage.loadInspectorKey`) lists every entry.
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
  typealias Entry = LoadCacheEntry<Key, Value>

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
  /// The number of entries, fresh or not.
  public private(set) var count = 0
  let clock: ScreenClock
  private let cost: (Value) -> Int
  /// What the cache knows of each key; a key nothing needs any more has none (see
  /// `dropIfUnused(_:)`).
  private(set) var entries: [Key: Entry] = [:]
  /// Every use of a value, least recent first; only an entry's latest use is current.
  // NB: a use moves an entry to the back by appending, not by removing it from the middle;
  // eviction pops from the front, skipping uses no longer current, and `forgetOldUses` drops
  // them once they are the majority. Each operation is O(1), amortized.
  private var uses: Deque<(number: Int, entry: Entry)> = []
  private var useCounter = 0

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

  /// The keys held, most recently used last.
  public var keys: [Key] { entriesByUse.map(\.key) }

  /// The entries holding a value, least recently used first.
  var entriesByUse: [Entry] { uses.filter(isCurrent).map(\.entry) }

  /// Whether a load of `key` is in flight.
  public func isLoading(_ key: Key) -> Bool { entries[key]?.load != nil }

  /// The value for `key` if it is still fresh, marking it recently used; an expired entry is
  /// removed.
  public func value(forKey key: Key) -> Value? {
    guard let entry = entries[key] else { return nil }
    return value(of: entry)
  }

  /// The value `entry` holds if it is still fresh, marking it recently used; an expired one is
  /// removed.
  func value(of entry: Entry) -> Value? {
    guard let stored = entry.stored else { return nil }
    if entry.isExpired(at: clock.now, timeToLive: timeToLive) {
      removeValue(of: entry)
      return nil
    }
    use(entry)
    return stored.value
  }

  /// Whether the value of `key` was stored less than ``freshFor`` ago and not invalidated since.
  public func isFresh(_ key: Key) -> Bool {
    entries[key]?.isFresh(at: clock.now, freshFor: freshFor) ?? false
  }

  /// Stores `value` for `key`, first evicting the least recently used entries it leaves no
  /// room for; every screen showing the key shows it.
  ///
  /// While changes of the key are pending (``mutate(_:on:optimistic:perform:)``), `value` is
  /// what they apply to: the entry holds it with their expected results.
  public func insert(_ value: Value, forKey key: Key) {
    store(value, forKey: key, load: nil)
  }

  /// Stores a value a load or the program gave (`load` names the load) and tells the screens
  /// following the key; returns the value the entry holds.
  @discardableResult
  func store(_ value: Value, forKey key: Key, load: ObjectIdentifier?) -> Value {
    let entry = entry(for: key)
    let held = entry.rebase(on: value)
    put(held, in: entry)
    entry.notify(.stored(held, load: load))
    dropIfUnused(entry)
    return held
  }

  /// Makes `value` the value `entry` holds, and tells no one.
  func put(_ value: Value, in entry: Entry) {
    discardValue(of: entry)
    let cost = max(0, cost(value))
    let limit = costLimit ?? .max
    guard cost <= limit, countLimit > 0 else { return }
    // NB: `limit - cost` cannot overflow and the total never passes `limit`, so adding costs
    // never traps. The least recently used entry is the first current use.
    while count >= countLimit || totalCost > limit - cost, let oldest = uses.popFirst() {
      if isCurrent(oldest) { removeValue(of: oldest.entry) }
    }
    entry.stored = Entry.Stored(value: value, storedAt: clock.now, cost: cost)
    count += 1
    totalCost += cost
    use(entry)
  }

  /// Removes the entry for `key`; screens showing it keep their value.
  public func removeValue(forKey key: Key) {
    guard let entry = entries[key] else { return }
    removeValue(of: entry)
  }

  func removeValue(of entry: Entry) {
    discardValue(of: entry)
    dropIfUnused(entry)
  }

  /// Removes every entry; loads in flight go on and store their values.
  public func removeAll() {
    let held = entriesByUse
    for entry in held { discardValue(of: entry) }
    uses.removeAll()
    for entry in held { dropIfUnused(entry) }
  }

  /// The entry of `key`, made when the cache has none.
  func entry(for key: Key) -> Entry {
    if let entry = entries[key] { return entry }
    let entry = Entry(key: key)
    entries[key] = entry
    return entry
  }

  /// Drops `entry` once nothing needs it, and with it what the inspector remembers of its key.
  ///
  /// Every operation that may leave an entry unused (a value removed, a load over, a screen
  /// gone, a change finished, a kept load answered) ends here.
  func dropIfUnused(_ entry: Entry) {
    guard entry.isUnused, entries[entry.key] === entry else { return }
    entries[entry.key] = nil
  }

  /// Takes the value from `entry`, leaving the entry for the caller to drop if unused.
  func discardValue(of entry: Entry) {
    guard let stored = entry.stored else { return }
    entry.stored = nil
    entry.lastUse = 0
    count -= 1
    totalCost -= stored.cost
  }

  // MARK: Order of use

  private func isCurrent(_ use: (number: Int, entry: Entry)) -> Bool {
    use.entry.lastUse == use.number
  }

  private func use(_ entry: Entry) {
    useCounter += 1
    entry.lastUse = useCounter
    uses.append((useCounter, entry))
    forgetOldUses()
  }

  /// Drops the uses no longer current once they outnumber the entries, so `uses` stays within
  /// about twice the entries.
  private func forgetOldUses() {
    guard uses.count > 2 * count + 16 else { return }
    uses.removeAll { !isCurrent($0) }
  }

  /// The slot of `key`, to give a `LoadingController` or a `Loading` screen's `load`, so that
  /// it keeps its value here under `key`.
  public func slot(for key: Key) -> LoadCacheSlot<Value> {
    LoadCacheSlot(TypedLoadCacheSlot(cache: self, key: key))
  }
}

import ScreenKit

/// The runner's one tie to a ``LoadCache``: every use of a ``LoadCacheSlot`` is here (reading
/// it first, joining its shared load, following its entry, the inspector's actions), so a
/// change of the cache's interface changes this file only.
///
/// It follows one entry at a time, from the runner's first run for as long as the runner lives
/// (a keyed runner moves to the entry of its key), and knows the shared load the current run
/// joined, whose stored value the run hears as its own answer.
@MainActor
struct LoadCacheLink<Value: Sendable> {
  typealias Slot = LoadCacheSlot<Value>

  /// Stops hearing of the entry's changes, and the key of the entry heard of.
  private var watch: (stop: @MainActor () -> Void, key: any Hashable & Sendable)?
  /// The identity of the shared load the current run joined.
  private var joined: ObjectIdentifier?

  /// The slot's value for the key now, with its key, if the cache holds one.
  static func lookup(_ slot: Slot?, key: (any Hashable & Sendable)?) -> LoadMachine.Cached? {
    guard let cached = slot?.lookup() else { return nil }
    return LoadMachine.Cached(value: cached.value, key: key, isFresh: cached.isFresh)
  }

  /// Hears of the changes of `slot`'s key from now on, and of no other key's; returns how to
  /// stop hearing of the entry heard of before, for the caller to call.
  mutating func watch(
    _ slot: Slot, by owner: AnyObject, _ hear: @escaping @MainActor (LoadCacheChange<Value>) -> Void
  ) -> (@MainActor () -> Void)? {
    if let watch, sameKey(watch.key, slot.key) { return nil }
    let previous = watch?.stop
    watch = (slot.watch(by: owner, hear), slot.key)
    return previous
  }

  /// Joins (or starts) the slot's shared load; returns how to leave it and an answer to take
  /// at once.
  mutating func join(
    _ slot: Slot, _ source: LoadSource<Value>, on scheduler: Scheduler,
    _ subscriber: SharedLoad<Value>.Subscriber
  ) -> (stop: @MainActor (Bool, Bool) -> Void, immediate: LoadAnswer<Value>?) {
    let joined = slot.join(source, on: scheduler, as: subscriber)
    self.joined = joined.load
    return ({ _, timedOut in joined.leave(timedOut ? .timedOut : .cancelled) }, joined.immediate)
  }

  /// The current run left the shared load it joined.
  mutating func leave() {
    joined = nil
  }

  /// Whether `load` is the one the current run joined.
  func isJoined(_ load: ObjectIdentifier?) -> Bool {
    load != nil && load == joined
  }

  /// The slot's key and cache, and its actions, for the load inspector.
  static func inspect(_ slot: Slot?, into row: inout LoadInspectionRow) {
    guard let slot else { return }
    row.invalidate = { slot.invalidate() }
    row.remove = { slot.remove() }
  }

  static func key(of slot: Slot?) -> (any Hashable & Sendable)? { slot?.key }

  static func cache(of slot: Slot?) -> (any LoadCacheInspecting)? { slot?.cache }
}

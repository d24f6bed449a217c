import ScreenKit

/// A ``LoadCacheSlot`` before its key's type is erased: the cache and the key, whose
/// operations call the cache.
@MainActor
struct TypedLoadCacheSlot<Key: Hashable & Sendable, Value: Sendable>: LoadCacheSlotOperations {
  let cache: LoadCache<Key, Value>
  let key: Key

  var anyKey: any Hashable & Sendable { key }
  var inspectedCache: any LoadCacheInspecting { cache }

  func lookup() -> (value: Value, isFresh: Bool)? {
    cache.lookup(key)
  }

  func join(
    _ source: LoadSource<Value>, on scheduler: Scheduler,
    as subscriber: SharedLoad<Value>.Subscriber
  ) -> SharedLoad<Value>.Joined {
    cache.join(key, source: source, scheduler: scheduler, subscriber: subscriber)
  }

  func watch(
    by owner: AnyObject, _ hear: @escaping @MainActor (LoadCacheChange<Value>) -> Void
  ) -> @MainActor () -> Void {
    cache.watch(key, by: owner, hear)
  }

  func invalidate() {
    cache.invalidate(key)
  }

  func remove() {
    cache.removeValue(forKey: key)
  }
}

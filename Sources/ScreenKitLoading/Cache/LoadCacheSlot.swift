import ScreenKit

/// One key of a ``LoadCache``, which a `LoadingController` or a `Loading` screen's `load` is
/// given to keep its value under that key: made by ``LoadCache/slot(for:)``.
@MainActor
public struct LoadCacheSlot<Value: Sendable> {
  /// The cache and the key, with the key's type erased: the one place it is, so a runner
  /// generic over the value alone holds a slot of any cache of such values.
  private let typed: any LoadCacheSlotOperations<Value>

  init(_ typed: some LoadCacheSlotOperations<Value>) {
    self.typed = typed
  }

  /// The key, for the load inspector and to tell keys apart.
  var key: any Hashable & Sendable { typed.anyKey }
  /// The cache, for the load inspector.
  var cache: any LoadCacheInspecting { typed.inspectedCache }

  /// The value within its time to live, on the cache's clock, and whether it is within the
  /// cache's freshness window (a screen then shows it without loading it again).
  func lookup() -> (value: Value, isFresh: Bool)? { typed.lookup() }

  /// Joins (or starts) the key's shared load.
  func join(
    _ source: LoadSource<Value>, on scheduler: Scheduler,
    as subscriber: SharedLoad<Value>.Subscriber
  ) -> SharedLoad<Value>.Joined {
    typed.join(source, on: scheduler, as: subscriber)
  }

  /// Hears of the key's changes while `owner` lives, until the closure returned is called.
  func watch(
    by owner: AnyObject, _ hear: @escaping @MainActor (LoadCacheChange<Value>) -> Void
  ) -> @MainActor () -> Void {
    typed.watch(by: owner, hear)
  }

  /// Invalidates the key, for the load inspector.
  func invalidate() { typed.invalidate() }

  /// Removes the key's value, for the load inspector.
  func remove() { typed.remove() }
}

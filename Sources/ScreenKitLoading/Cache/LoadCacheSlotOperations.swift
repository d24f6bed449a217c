import ScreenKit

/// What a ``LoadCacheSlot`` does with its key, whatever the key's type: its one conformer is
/// ``TypedLoadCacheSlot``, which the slot holds as `any LoadCacheSlotOperations<Value>`.
@MainActor
protocol LoadCacheSlotOperations<Value> {
  associatedtype Value: Sendable

  var anyKey: any Hashable & Sendable { get }
  var inspectedCache: any LoadCacheInspecting { get }
  func lookup() -> (value: Value, isFresh: Bool)?
  func join(
    _ source: LoadSource<Value>, on scheduler: Scheduler,
    as subscriber: SharedLoad<Value>.Subscriber
  ) -> SharedLoad<Value>.Joined
  func watch(
    by owner: AnyObject, _ hear: @escaping @MainActor (LoadCacheChange<Value>) -> Void
  ) -> @MainActor () -> Void
  func invalidate()
  func remove()
}

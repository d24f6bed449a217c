/// One key of a ``LoadCache``, which a `LoadingController` or a `Loading` screen's `load` is
/// given to keep its value under that key: made by ``LoadCache/slot(for:)``.
@MainActor
public struct LoadCacheSlot<Value: Sendable> {
  /// Leaves a shared load, saying why.
  typealias Leave = @MainActor (SharedLoad<Value>.Departure) -> Void

  /// The key, for the load inspector.
  let key: any Hashable & Sendable
  /// The cache, for the load inspector.
  let cache: any LoadCacheInspecting
  /// The value within its time to live, on the cache's clock, and whether it is within the
  /// cache's freshness window (a screen then shows it without loading it again).
  let lookup: @MainActor () -> (value: Value, isFresh: Bool)?
  /// Joins (or starts) the key's shared load; returns how to leave it, an answer the
  /// subscriber takes at once (a callback's answer given before its `load` returned, or the
  /// newest value of a stream it joined), which the subscriber does not hear again, and the
  /// load's identity, which ``LoadCacheChange/stored(_:load:)`` names.
  let join:
    @MainActor (LoadSource<Value>, Scheduler, SharedLoad<Value>.Subscriber) -> (
      leave: Leave, immediate: LoadAnswer<Value>?, load: ObjectIdentifier
    )
  /// Invalidates the key, for the load inspector.
  let invalidate: @MainActor () -> Void
  /// Removes the key's entry, for the load inspector.
  let remove: @MainActor () -> Void
  /// Hears of the key's changes while `owner` lives, until the closure returned is called.
  let watch:
    @MainActor (_ owner: AnyObject, @escaping @MainActor (LoadCacheChange<Value>) -> Void) ->
      @MainActor () -> Void
}

/// One key of a ``LoadCache``, which a `LoadingController` or a `Loading` screen's `load` is
/// given to keep its value under that key: made by ``LoadCache/slot(for:)``.
@MainActor
public struct LoadCacheSlot<Value: Sendable> {
  /// Leaves a shared load, saying why.
  typealias Leave = @MainActor (SharedLoad<Value>.Departure) -> Void

  /// The fresh value, on the cache's clock.
  let lookup: @MainActor () -> Value?
  /// Joins (or starts) the key's shared load; returns how to leave it, and an answer the
  /// subscriber takes at once (a callback's answer given before its `load` returned, or the
  /// newest value of a stream it joined), which the subscriber does not hear again.
  let join:
    @MainActor (LoadSource<Value>, Scheduler, SharedLoad<Value>.Subscriber) -> (
      leave: Leave, immediate: LoadAnswer<Value>?
    )
}

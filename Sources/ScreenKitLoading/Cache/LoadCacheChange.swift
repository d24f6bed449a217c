/// What a screen showing a key of a ``LoadCache`` hears from the cache about that key.
enum LoadCacheChange<Value: Sendable> {
  /// The key's value changed: a load stored it (`load` names it, so its own subscribers, who
  /// hear its answer, skip this), or an optimistic change wrote it (`load` is `nil`).
  case stored(Value, load: ObjectIdentifier?)
  /// A change failed: the key's value went back to `value` (`nil` when the cache holds none),
  /// and the screen shows `error`.
  case rolledBack(Value?, error: any Error)
  /// The key was invalidated: a screen showing it loads it again, and a load in flight that
  /// started before is replaced.
  case invalidated
}

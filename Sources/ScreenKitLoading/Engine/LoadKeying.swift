/// A keyed load as its ``LoadRunner`` sees it: the key's type is captured in these closures, so
/// the runner, `LoadingController` and ``ScreenLoad`` stay generic over the value only.
@MainActor
package struct LoadKeying<Value: Sendable> {
  /// What loads the key as it is now.
  package struct Request {
    let key: any Hashable & Sendable
    /// Makes the key's source: called only when a run of the key starts, so the user's
    /// `source:` closure is asked for the keys that load, not for every change of the key.
    let makeSource: @MainActor () -> LoadSource<Value>
    let cache: LoadCacheSlot<Value>?
  }

  /// The key now.
  let current: @MainActor () -> any Hashable & Sendable
  /// The source and cache slot for the key now.
  let request: @MainActor () -> Request
  /// Calls the action after each change of the key while the owner lives; returns how to stop.
  let observe: @MainActor (AnyObject, @escaping @MainActor () -> Void) -> @MainActor () -> Void

  /// Follows `key`, loading each value with `source`, and keeping values in `cache` under it.
  package init<Key: Hashable & Sendable>(
    key: LoadKey<Key>, cache: LoadCache<Key, Value>?,
    source: @escaping @MainActor (Key) -> LoadSource<Value>
  ) {
    current = { key.value }
    request = {
      let value = key.value
      return Request(
        key: value, makeSource: { source(value) }, cache: cache?.slot(for: value))
    }
    observe = { owner, action in
      let token = key.observe(by: owner, action)
      return { key.removeObserver(token) }
    }
  }
}

/// Whether two keys of a ``LoadKeying`` are equal; `nil` equals only `nil`.
func sameKey(_ lhs: (any Hashable & Sendable)?, _ rhs: (any Hashable & Sendable)?) -> Bool {
  switch (lhs, rhs) {
  case (nil, nil): true
  case (let lhs?, let rhs?): AnyHashable(lhs) == AnyHashable(rhs)
  default: false
  }
}

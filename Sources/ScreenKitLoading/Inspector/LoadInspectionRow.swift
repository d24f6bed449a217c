/// One line of the load inspector: a screen's load or a cache entry, as it is now, with what
/// the inspector can do to it.
@MainActor
package struct LoadInspectionRow {
  /// For a screen's load, the screen's title (or type name).
  package var owner: String?
  /// For a screen's load, whether it shows a value: until then the screen's title may be the
  /// spinner's or the error's, so the row names the screen by its type.
  package var showsValue = false
  /// The key, as `String(describing:)` prints it; "–" for a load without one.
  package var key: String
  /// Where it is: `loading`, `loaded`, `refreshing`, `failed`, `idle`; for a cache entry
  /// `fresh` (within its freshness window), `stale`, `fetching`, `invalidated`, `expired`,
  /// `changing (n)` (with the changes pending), `empty`, `failed`.
  package var state: String
  /// How long ago the value shown (or held) arrived.
  package var age: Duration?
  /// How long the cache keeps the entry yet.
  package var timeToLive: Duration?
  /// How many screens show the key (and, for a screen's load, 1).
  package var subscribers: Int
  /// How long its last load took, from its start to its answer.
  package var lastDuration: Duration?
  /// The error of its last load, if it failed.
  package var lastError: String?
  /// Loads it again (a screen's refresh; for an entry, a reload of every screen showing it).
  package var refetch: (@MainActor () -> Void)?
  /// Invalidates the key in its cache.
  package var invalidate: (@MainActor () -> Void)?
  /// Removes the entry from its cache.
  package var remove: (@MainActor () -> Void)?

  package init(
    key: String, state: String, age: Duration? = nil, timeToLive: Duration? = nil,
    subscribers: Int, lastDuration: Duration? = nil, lastError: String? = nil,
    refetch: (@MainActor () -> Void)? = nil, invalidate: (@MainActor () -> Void)? = nil,
    remove: (@MainActor () -> Void)? = nil
  ) {
    self.key = key
    self.state = state
    self.age = age
    self.timeToLive = timeToLive
    self.subscribers = subscribers
    self.lastDuration = lastDuration
    self.lastError = lastError
    self.refetch = refetch
    self.invalidate = invalidate
    self.remove = remove
  }
}

/// A titled group of inspector rows: the screens' loads, or one cache's entries.
@MainActor
package struct LoadInspectionSection {
  package var title: String
  package var rows: [LoadInspectionRow]
}

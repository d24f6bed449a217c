/// What the load inspector shows of a cache.
extension LoadCache: LoadCacheInspecting {
  package func inspectionRows() -> [LoadInspectionRow] {
    let now = clock.now
    var keys = self.keys
    let others = Set(loads.keys).union(mutations.keys).union(watchers.keys).subtracting(keys)
    keys += others.sorted { String(describing: $0) < String(describing: $1) }
    return keys.compactMap { key in
      let watching = liveWatchers(of: key).count
      let entry = entries[key]
      guard entry != nil || loads[key] != nil || mutations[key] != nil || watching > 0 else {
        return nil
      }
      let record = history[key]
      var row = LoadInspectionRow(
        key: String(describing: key), state: state(of: key, at: now), subscribers: watching)
      if let entry {
        row.age = now - entry.storedAt
        if let timeToLive { row.timeToLive = max(.zero, entry.storedAt + timeToLive - now) }
      }
      row.lastDuration = record?.lastDuration
      row.lastError = record?.lastError.map { ErrorScreen.message(for: $0) }
      if canRefetch(key) { row.refetch = { [weak self] in self?.refetch(key) } }
      row.invalidate = { [weak self] in self?.invalidate(key) }
      row.remove = { [weak self] in self?.removeValue(forKey: key) }
      return row
    }
  }

  /// Whether the inspector can load `key` again: a screen shows it, or a source loaded it.
  private func canRefetch(_ key: Key) -> Bool {
    !liveWatchers(of: key).isEmpty || history[key]?.source != nil
  }

  private func state(of key: Key, at now: Duration) -> String {
    if let pending = mutations[key]?.pending.count { return "changing (\(pending))" }
    if loads[key] != nil { return "fetching" }
    guard let entry = entries[key] else {
      return history[key]?.lastError == nil ? "empty" : "failed"
    }
    if let timeToLive, now >= entry.storedAt.saturatingAdding(timeToLive) { return "expired" }
    if entry.isInvalidated { return "invalidated" }
    return isFresh(key) ? "fresh" : "stale"
  }
}

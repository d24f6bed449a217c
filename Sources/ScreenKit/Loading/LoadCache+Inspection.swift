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
      let expiresAt = entry.flatMap { entry in timeToLive.map { entry.storedAt + $0 } }
      return LoadInspectionRow(
        key: String(describing: key), state: state(of: key, at: now),
        age: entry.map { now - $0.storedAt },
        timeToLive: expiresAt.map { max(.zero, $0 - now) },
        subscribers: watching,
        lastDuration: record?.lastDuration,
        lastError: record?.lastError.map { ErrorScreen.message(for: $0) },
        refetch: { [weak self] in self?.refetch(key) },
        invalidate: { [weak self] in self?.invalidate(key) },
        remove: { [weak self] in self?.removeValue(forKey: key) })
    }
  }

  private func state(of key: Key, at now: Duration) -> String {
    if let pending = mutations[key]?.pending.count { return "changing (\(pending))" }
    if loads[key] != nil { return "fetching" }
    guard let entry = entries[key] else {
      return history[key]?.lastError == nil ? "empty" : "failed"
    }
    if let timeToLive, now >= entry.storedAt.saturatingAdding(timeToLive) { return "expired" }
    return entry.isInvalidated ? "invalidated" : "fresh"
  }
}

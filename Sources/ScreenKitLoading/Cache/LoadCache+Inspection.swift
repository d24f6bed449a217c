/// What the load inspector shows of a cache.
extension LoadCache: LoadCacheInspecting {
  package func inspectionRows() -> [LoadInspectionRow] {
    let now = clock.now
    // NB: the keys held in the order the cache used them, then the others by their names.
    let others = entries.values.filter { $0.stored == nil }.sorted {
      String(describing: $0.key) < String(describing: $1.key)
    }
    return (entriesByUse + others).compactMap { entry in
      let key = entry.key
      let watching = entry.liveWatcherCount
      guard entry.stored != nil || entry.load != nil || entry.changes != nil || watching > 0
      else { return nil }
      var row = LoadInspectionRow(
        key: String(describing: key),
        state: entry.inspectedState(at: now, timeToLive: timeToLive, freshFor: freshFor),
        subscribers: watching)
      if let stored = entry.stored {
        row.age = now - stored.storedAt
        if let timeToLive { row.timeToLive = max(.zero, stored.storedAt + timeToLive - now) }
      }
      row.lastDuration = entry.history.lastDuration
      row.lastError = entry.history.lastError.map { ErrorScreen.message(for: $0) }
      // NB: the inspector can load a key again when a screen shows it or a source loaded it.
      if watching > 0 || entry.history.source != nil {
        row.refetch = { [weak self] in self?.refetch(key) }
      }
      row.invalidate = { [weak self] in self?.invalidate(key) }
      row.remove = { [weak self] in self?.removeValue(forKey: key) }
      return row
    }
  }
}

extension LoadRunner: LoadRunnerInspecting {
  package var inspectedCache: (any LoadCacheInspecting)? { LoadCacheLink.cache(of: cacheSlot) }

  package func inspectionRow() -> LoadInspectionRow? {
    guard let now = timers.now else { return nil }
    let key = runKey ?? LoadCacheLink.key(of: cacheSlot)
    var row = LoadInspectionRow(
      key: key.map { String(describing: $0) } ?? "–",
      state: isStale ? "\(state) (stale)" : state.description, subscribers: 1)
    row.age = valueArrival.map { now - $0 }
    row.showsValue = state.value != nil
    row.lastDuration = attempt.lastDuration
    row.lastError = lastError.map { ErrorScreen.message(for: $0) }
    row.refetch = { [weak self] in self?.start() }
    LoadCacheLink.inspect(cacheSlot, into: &row)
    return row
  }
}

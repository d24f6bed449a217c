public import ScreenKit

/// Optimistic changes: the expected value at once, the real one (or the old one) after.
extension LoadCache {
  /// Changes the value of `key`: every screen showing the key shows the value `optimistic`
  /// makes of it at once, while `perform` makes the change (on a server, say) on `scheduler`'s
  /// task executor (a stage's scheduler).
  ///
  /// When `perform` succeeds, the value it returns is stored (`nil` keeps the expected one).
  /// When it throws, the change is taken back: the key goes back to its value without this
  /// change, and the screens showing it show the failure over it ("change failed", a
  /// ``ChangeRolledBackError``; Esc dismisses it, `r` reloads).
  ///
  /// Changes of one key run one at a time, in the order they were made, and each expected
  /// value builds on the ones before: starring then unstarring shows unstarred at once, and if
  /// the star fails, the unstar still stands. A load answering meanwhile gives the value the
  /// pending changes apply to. A key the cache holds no value for shows nothing until a load
  /// gives one; `perform` runs all the same.
  ///
  /// ```swift
  /// details.mutate(
  ///   7, on: stage.scheduler, optimistic: { $0.starred(true) },
  ///   perform: { try await catalogue.star(7) })
  /// ```
  public func mutate(
    _ key: Key, on scheduler: Scheduler, optimistic: @escaping @MainActor (Value) -> Value,
    perform: @escaping @Sendable () async throws -> Value?
  ) {
    scheduler.loadRegistry.add(self)
    let changes = entries[key]?.changes ?? OptimisticChanges(base: value(forKey: key))
    changes.append(.init(update: optimistic, perform: perform, scheduler: scheduler))
    let entry = entry(for: key)
    entry.changes = changes
    if let expected = changes.expected {
      put(expected, in: entry)
      entry.notify(.stored(expected, load: nil))
    }
    performNext(entry)
  }

  /// The number of changes of `key` not finished yet.
  public func pendingChanges(of key: Key) -> Int {
    entries[key]?.changes?.count ?? 0
  }

  /// Starts the oldest change of `entry` unless one runs.
  private func performNext(_ entry: Entry) {
    guard let change = entry.changes?.startNext() else { return }
    let key = entry.key
    let perform = change.perform
    let scheduler = change.scheduler
    let run = LoadSource<Value?>.async { _ in try await perform() }.run(
      on: scheduler, post: { [weak scheduler] work in scheduler?.post(work) },
      report: { _ in },
      receive: { [weak self] answer, _ in self?.changeDidFinish(key, answer) })
    // NB: an async source never answers before `run` returns.
    assert(run.immediate == nil)
  }

  /// Settles the running change of `key` and starts the next.
  private func changeDidFinish(_ key: Key, _ answer: LoadAnswer<Value?>) {
    guard let entry = entries[key], entry.changes?.finishRunning(with: answer) == true,
      let changes = entry.changes
    else { return }
    if changes.count == 0 { entry.changes = nil }
    let value = changes.expected
    switch answer {
    case .value, .end:
      if let value {
        put(value, in: entry)
        entry.notify(.stored(value, load: nil))
      }
    case .failure(let error):
      if let value { put(value, in: entry) } else { discardValue(of: entry) }
      entry.notify(.rolledBack(value, error: ChangeRolledBackError(error)))
    }
    performNext(entry)
    dropIfUnused(entry)
  }
}

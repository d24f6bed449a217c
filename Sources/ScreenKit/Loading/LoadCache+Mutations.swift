/// Optimistic changes: the expected value at once, the real one (or the old one) after.
extension LoadCache {
  /// Changes the value of `key`: every screen showing the key shows the value `optimistic`
  /// makes of it at once, while `perform` makes the change (on a server, say) on `stage`'s
  /// task executor.
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
  ///   7, on: stage, optimistic: { $0.starred(true) }, perform: { try await catalogue.star(7) })
  /// ```
  public func mutate(
    _ key: Key, on stage: Stage, optimistic: @escaping @MainActor (Value) -> Value,
    perform: @escaping @Sendable () async throws -> Value?
  ) {
    stage.loadRegistry.add(self)
    var queue = mutations[key] ?? MutationQueue(base: value(forKey: key))
    queue.pending.append(
      Mutation(update: optimistic, perform: perform, scheduler: stage.scheduler))
    mutations[key] = queue
    if let expected = queue.expected {
      put(expected, forKey: key)
      notify(key, .stored(expected, load: nil))
    }
    performNext(key)
  }

  /// The number of changes of `key` not finished yet.
  public func pendingChanges(of key: Key) -> Int {
    mutations[key]?.pending.count ?? 0
  }

  /// Starts the oldest change of `key` unless one runs.
  private func performNext(_ key: Key) {
    guard var queue = mutations[key], !queue.isRunning, let mutation = queue.pending.first
    else { return }
    queue.isRunning = true
    mutations[key] = queue
    let perform = mutation.perform
    let scheduler = mutation.scheduler
    let run = LoadSource<Value?>.async { _ in try await perform() }.run(
      on: scheduler, post: { [weak scheduler] work in scheduler?.post(work) },
      report: { _ in },
      receive: { [weak self] answer, _ in self?.changeDidFinish(key, answer) })
    // NB: an async source never answers before `run` returns.
    assert(run.immediate == nil)
  }

  /// Settles the oldest change of `key` and starts the next.
  private func changeDidFinish(_ key: Key, _ answer: LoadAnswer<Value?>) {
    guard var queue = mutations[key], !queue.pending.isEmpty else { return }
    let change = queue.pending.removeFirst()
    queue.isRunning = false
    switch answer {
    case .value(let confirmed, _):
      queue.base = confirmed ?? queue.base.map(change.update)
      mutations[key] = queue.pending.isEmpty ? nil : queue
      if let value = queue.expected {
        put(value, forKey: key)
        notify(key, .stored(value, load: nil))
      }
    case .failure(let error):
      mutations[key] = queue.pending.isEmpty ? nil : queue
      let value = queue.expected
      if let value { put(value, forKey: key) } else { removeValue(forKey: key) }
      notify(key, .rolledBack(value, error: ChangeRolledBackError(error)))
    case .end:
      break
    }
    performNext(key)
    forgetIfUnused(key)
  }
}

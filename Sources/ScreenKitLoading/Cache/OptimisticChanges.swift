import ScreenKit

/// The optimistic changes of one key of a ``LoadCache`` not finished yet, oldest first, and the
/// value they apply to (docs/decisions/2026-11-27-optimistic-changes-rebase.md).
///
/// The key's entry holds the base with every change's `update` applied in order; only the
/// oldest change's `perform` runs, so the server sees the user's order.
// NB: a class, so an entry with no change pending, as nearly all are, spends one reference on
// it rather than the 64 bytes of the changes themselves.
@MainActor
final class OptimisticChanges<Value: Sendable> {
  /// One change: the value it is expected to give, and the work that makes it.
  struct Change {
    let update: @MainActor (Value) -> Value
    let perform: @Sendable () async throws -> Value?
    let scheduler: Scheduler
  }

  /// The value as loads and finished changes left it; `nil` when the cache had none.
  var base: Value?
  /// The change whose `perform` runs, if one does.
  private(set) var running: Change?
  /// The changes waiting for it, oldest first.
  private(set) var waiting: [Change] = []

  init(base: Value?) {
    self.base = base
  }

  /// The number of changes not finished, the running one included.
  var count: Int { waiting.count + (running == nil ? 0 : 1) }

  /// The value the changes are expected to give: their updates applied to the base in order.
  var expected: Value? {
    guard var value = base else { return nil }
    if let running { value = running.update(value) }
    for change in waiting { value = change.update(value) }
    return value
  }

  func append(_ change: Change) {
    waiting.append(change)
  }

  /// Makes the oldest waiting change the running one and returns it, unless one runs.
  func startNext() -> Change? {
    guard running == nil, !waiting.isEmpty else { return nil }
    running = waiting.removeFirst()
    return running
  }

  /// Ends the running change with its answer; returns whether one was running.
  ///
  /// A value it confirmed becomes the base (`nil` confirms the expected one: its update
  /// applied); a failure leaves the base as it was, which takes the change back alone.
  func finishRunning(with answer: LoadAnswer<Value?>) -> Bool {
    guard let change = running else { return false }
    running = nil
    switch answer {
    case .value(let confirmed, _): base = confirmed ?? base.map(change.update)
    // NB: an async `perform` answers with a value or a failure; an end would confirm it.
    case .end: base = base.map(change.update)
    case .failure: break
    }
    return true
  }
}

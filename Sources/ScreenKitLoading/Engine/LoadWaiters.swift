/// The callers waiting on a load: refreshes waiting for it to come out of flight, and calls of
/// `valueForCurrentKey()` waiting for the key's value.
@MainActor
final class LoadWaiters<Value: Sendable> {
  private var refreshes: [CheckedContinuation<Void, Never>] = []
  /// The value waits, by number, so a cancelled caller's can be taken out.
  private var values: [Int: CheckedContinuation<Value, any Error>] = [:]
  private var nextValue = 0

  var areWaitingForValue: Bool { !values.isEmpty }

  func waitForRefresh() async {
    await withCheckedContinuation { refreshes.append($0) }
  }

  /// Waits until ``answerValues(with:)``, or throws `CancellationError` when the calling task
  /// is cancelled.
  func waitForValue() async throws -> Value {
    nextValue += 1
    let id = nextValue
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { values[id] = $0 }
    } onCancel: {
      Task { @MainActor [weak self] in
        self?.values.removeValue(forKey: id)?.resume(throwing: CancellationError())
      }
    }
  }

  func resumeRefreshes() {
    guard !refreshes.isEmpty else { return }
    let pending = refreshes
    refreshes.removeAll()
    for waiter in pending { waiter.resume() }
  }

  func answerValues(with outcome: Result<Value, any Error>) {
    let waiting = values.values
    values.removeAll()
    for waiter in waiting { waiter.resume(with: outcome) }
  }
}

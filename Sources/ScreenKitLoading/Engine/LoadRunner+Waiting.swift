// Waiting for the load: a refresh that returns once it is over, and the value of the key now,
// once it is shown. The runner answers the waits after each step (`step(_:)`), through
// `LoadWaiters`.
extension LoadRunner {
  /// Starts a refresh (or joins the one running) and returns when the load is out of flight.
  package func refresh() async {
    start()
    guard loadMachineState.isInFlight else { return }
    await waiters.waitForRefresh()
  }

  /// The value of the key now, once it is shown; unless it is shown already, it loads the key
  /// now as ``start()`` does and waits (a later change of the key is waited for in turn).
  ///
  /// It throws the error of a load that fails, and `CancellationError` when the load is
  /// cancelled, its screen leaves, it cannot load (`canLoad`: its screen is not on screen) or
  /// the calling task is cancelled.
  package func valueForCurrentKey(canLoad: Bool) async throws -> Value {
    if let value = valueOfCurrentKey { return value }
    guard canLoad, !Task.isCancelled else { throw CancellationError() }
    start()
    if let outcome = currentKeyOutcome { return try outcome.get() }
    return try await waiters.waitForValue()
  }

  /// The value shown, when it is the key's now.
  private var valueOfCurrentKey: Value? {
    isStale ? nil : loadMachineState.shown.map { Machine.typed($0.value) }
  }

  /// How a wait for the value of the key now ends, if it ends now: with the value once it is
  /// shown, or with the failure or cancellation that leaves the key without one.
  private var currentKeyOutcome: Result<Value, any Error>? {
    if let value = valueOfCurrentKey { return .success(value) }
    guard !loadMachineState.isInFlight, follower?.isWaiting != true else { return nil }
    return .failure(state.error ?? CancellationError())
  }

  /// Ends the waits for the value of the key now, if the step just taken ended them.
  func answerValueWaiters() {
    guard waiters.areWaitingForValue, let outcome = currentKeyOutcome else { return }
    waiters.answerValues(with: outcome)
  }
}

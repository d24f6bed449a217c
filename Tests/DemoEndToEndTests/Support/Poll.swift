/// Polls until an attempt yields a value or a deadline passes; the one wait loop of the
/// end-to-end tests.
///
/// NB: an attempt is always made after the deadline has passed, before giving up. A test task
/// can go unscheduled for seconds on a busy machine (or while other tests block the threads of
/// the concurrency pool); a loop that checked the clock first would then fail without having
/// looked at the screen since it last slept, though the program had long shown the text.
enum Poll {
  /// Returns the first value `attempt` yields, or `nil` once an attempt made after `timeout`
  /// yielded none.
  static func until<T, C: Clock<Duration>>(
    timeout: Duration, every interval: Duration = .milliseconds(50), clock: C,
    _ attempt: () throws -> T?
  ) async throws -> T? {
    let deadline = clock.now.advanced(by: timeout)
    while true {
      let expired = clock.now >= deadline
      if let value = try attempt() { return value }
      if expired { return nil }
      try await clock.sleep(for: interval)
    }
  }

  /// ``until(timeout:every:clock:_:)`` on the continuous clock.
  static func until<T>(
    timeout: Duration, every interval: Duration = .milliseconds(50),
    _ attempt: () throws -> T?
  ) async throws -> T? {
    try await until(timeout: timeout, every: interval, clock: ContinuousClock(), attempt)
  }
}

/// Where a session's bytes go, and its clock for timers: the SSH channel, or a test's record.
///
/// Called from the main actor; an implementation hops to its own thread (the channel's event
/// loop) for writes and calls back from there.
protocol SessionTransport: Sendable {
  /// Writes `bytes` to the client; `done` is called, on any thread, once the connection took
  /// them or dropped them with the channel.
  @MainActor func send(_ bytes: [UInt8], done: @escaping @Sendable () -> Void)
  /// Writes `bytes`, then the exit status, then closes the channel; closes it after `grace`
  /// whatever the client took. From any thread.
  func finish(with bytes: [UInt8], exitStatus: Int, grace: Duration)
  /// The time on the clock of ``schedule(after:_:)``, from an origin of its own: what the idle
  /// timeout measures the time since the last input on.
  @MainActor var now: Duration { get }
  /// Runs `action` on the main actor after `delay`.
  @MainActor func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void)
    -> any SessionTimer
}

/// A timer a transport set, for cancelling it.
protocol SessionTimer {
  @MainActor func cancel()
}

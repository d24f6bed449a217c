/// One load's attempts at running its source: the run in flight and its answer so far, the
/// retries made, and the generation that tells a late answer from the current run's.
///
/// It decides nothing of time itself: the runner sets the timeout and backoff timers it asks
/// for, tagged with ``generation``, and drops whatever arrives for an older one.
@MainActor
struct LoadAttempt {
  /// Where the attempt is with the source.
  enum Phase {
    /// No run: none started yet, or the last one is over.
    case resting
    /// A run is joining the cache's shared load, whose first answer may come in the joining
    /// step: it is the run's answer, not a change of the entry.
    case joining
    /// A run failed and waits out its backoff before the source starts again.
    case backingOff
    /// A run of the source is under way: its answers count.
    case running(Run)
  }

  /// A run of the source, directly or through a load a cache shares.
  struct Run {
    /// Abandons the run, saying whether it had answered (if not, a callback's cancel hook
    /// runs) and whether it timed out (a shared load then takes no new screens).
    let stop: @MainActor (_ answered: Bool, _ timedOut: Bool) -> Void
    var answer: Answer
  }

  /// How far a run got.
  enum Answer {
    /// No answer yet, since the run started: its timeout runs.
    case awaited(since: Duration)
    /// It answered, without a value yet (its answers may be held for the spinner).
    case answered
    /// It delivered a value, so its end is not a failure.
    case delivered
  }

  private(set) var phase = Phase.resting
  /// The retries made for the current load.
  private(set) var retries = 0
  /// Numbers the runs; answers and timers of earlier runs are dropped.
  private(set) var generation = 0
  /// How long the last run took to answer.
  private(set) var lastDuration: Duration?

  /// Whether no run is under way or backing off.
  var isResting: Bool {
    if case .resting = phase { true } else { false }
  }

  /// A new load: its retries count from zero.
  mutating func reset() {
    retries = 0
  }

  /// Whether the policy allows one more attempt.
  func canRetry(_ policy: RetryPolicy) -> Bool {
    retries < policy.retries
  }

  /// Counts a retry; returns its backoff.
  mutating func retry(_ policy: RetryPolicy) -> Duration {
    retries += 1
    phase = .backingOff
    return policy.backoff(beforeRetry: retries)
  }

  mutating func join() {
    phase = .joining
  }

  var isJoining: Bool {
    if case .joining = phase { true } else { false }
  }

  mutating func run(stop: @escaping @MainActor (Bool, Bool) -> Void, at now: Duration) {
    phase = .running(Run(stop: stop, answer: .awaited(since: now)))
  }

  /// Takes the run's answer at `now`; returns `true` for its first, which ends its timeout and
  /// its show delay.
  mutating func answer(at now: Duration) -> Bool {
    guard case .running(var run) = phase, case .awaited(let since) = run.answer else {
      return false
    }
    lastDuration = now - since
    run.answer = .answered
    phase = .running(run)
    return true
  }

  /// Takes a value of the run; a final one ends it.
  mutating func deliver(isFinal: Bool) {
    guard case .running(var run) = phase else { return }
    run.answer = .delivered
    phase = isFinal ? .resting : .running(run)
    retries = 0
  }

  /// Ends the run on its last answer; returns whether it delivered a value.
  mutating func end() -> Bool {
    defer { phase = .resting }
    guard case .running(let run) = phase, case .delivered = run.answer else { return false }
    return true
  }

  /// Ends the run in flight and drops its later answers; returns how to abandon it, with
  /// whether it had answered, for the caller to call once the attempt is consistent (the stop
  /// may run a cancel hook, which is user code).
  mutating func stop() -> (stop: @MainActor (Bool, Bool) -> Void, answered: Bool)? {
    generation += 1
    defer { phase = .resting }
    guard case .running(let run) = phase else { return nil }
    if case .awaited = run.answer { return (run.stop, false) }
    return (run.stop, true)
  }
}

import Locking

/// A `Clock` whose time moves only when a test advances it.
///
/// Sleepers resume when the clock reaches their deadline. ``ScreenHarness`` advances it in step
/// with the scheduler's timers, so sleeps in load closures and the hierarchy's timers happen in
/// one deterministic order.
public final class VirtualClock: Clock, Sendable {
  /// A point in virtual time: the duration since the clock started.
  public struct Instant: InstantProtocol, CustomStringConvertible {
    /// The time since the clock started.
    public var offset: Duration

    /// Creates an instant `offset` after the clock's start.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The duration from this instant to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, such as `0.25 seconds`.
    public var description: String { "\(offset)" }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
    var cancelled: Set<UInt64> = []
  }

  private let state = Locked(State())

  /// Creates a clock at time zero.
  public init() {}

  /// The current virtual time.
  public var now: Instant { state.withLock { $0.now } }

  /// The smallest step the clock distinguishes.
  public var minimumResolution: Duration { .zero }

  /// The earliest deadline of a sleeping task, if any.
  public var nextSleeperDeadline: Instant? {
    state.withLock { $0.sleepers.map(\.deadline).min() }
  }

  /// The number of tasks sleeping on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock reaches `deadline`; throws `CancellationError` when cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let resume: Result<Void, any Error>? = state.withLock { state in
          if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
        if let resume { continuation.resume(with: resume) }
      }
    } onCancel: {
      let sleeper: Sleeper? = state.withLock { state in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
          state.cancelled.insert(id)
          return nil
        }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock to `instant` (never backwards) and resumes the sleepers now due, earliest
  /// first; returns how many resumed.
  @discardableResult
  public func advance(to instant: Instant) -> Int {
    let due: [Sleeper] = state.withLock { state in
      if instant > state.now { state.now = instant }
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }
        .sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
    return due.count
  }
}

extension VirtualClock.Instant: Sendable {}

import HeapModule

/// The timers of every session of the process, on the main actor: one wake for all the
/// sessions whose deadlines fall in the same millisecond.
///
/// Each session's frames fall due on its stage's frame grid (a spinner's 100 ms), so a hundred
/// sessions showing spinners are due together: they are run in one turn of the main actor,
/// with no task per session and nothing scheduled on an event loop (docs/serving.md,
/// "Measured": a timer per session on its channel's event loop, each posting back to the main
/// actor, was a fifth of the server's CPU at 100 sessions).
///
/// A deadline is rounded up to the next millisecond, so that sessions microseconds apart share
/// a wake; a timer never runs before its time.
@MainActor
final class SessionTimers {
  static let shared = SessionTimers()

  /// A timer set here, for cancelling it.
  struct Timer: SessionTimer {
    let id: Int

    func cancel() { SessionTimers.shared.cancel(id) }
  }

  private struct Entry: Comparable {
    /// Milliseconds since ``origin``.
    let deadline: Int64
    let id: Int

    static func < (left: Entry, right: Entry) -> Bool {
      (left.deadline, left.id) < (right.deadline, right.id)
    }
  }

  private let clock = ContinuousClock()
  private let origin: ContinuousClock.Instant
  private var queue = Heap<Entry>()
  /// The actions of the timers not yet run or cancelled, by id.
  private var actions: [Int: @MainActor () -> Void] = [:]
  private var nextID = 0
  /// The wake under way, and the deadline it sleeps until.
  private var wake: (deadline: Int64, task: Task<Void, Never>)?

  init() {
    origin = clock.now
  }

  /// The time since this process's timers began, on their clock.
  var now: Duration { origin.duration(to: clock.now) }

  /// Runs `action` on the main actor once `delay` has passed.
  func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> Timer {
    let due = now.saturatingAdding(max(.zero, delay))
    // NB: rounded up: a timer runs in its millisecond or after, never before.
    let (whole, rest) = due.components
    let deadline = whole * 1000 + (rest + 999_999_999_999_999) / 1_000_000_000_000_000
    nextID += 1
    queue.insert(Entry(deadline: deadline, id: nextID))
    actions[nextID] = action
    if wake.map({ deadline < $0.deadline }) ?? true { arm(deadline) }
    return Timer(id: nextID)
  }

  func cancel(_ id: Int) {
    guard actions.removeValue(forKey: id) != nil else { return }
    if actions.isEmpty {
      // NB: nothing left to wake for: no task sleeps on.
      wake?.task.cancel()
      wake = nil
      queue = Heap()
    } else if queue.count > 64, queue.count > 2 * actions.count {
      // NB: a cancelled timer's entry is passed over at its time; once they are most of the
      // queue (each ended session's idle timer, say), the queue keeps only the live ones.
      queue = Heap(queue.unordered.filter { actions[$0.id] != nil })
    }
  }

  /// Timers set and not yet run or cancelled.
  var pendingCount: Int { actions.count }
  /// Entries in the queue, cancelled ones not yet dropped included.
  var queuedCount: Int { queue.count }

  private func arm(_ deadline: Int64) {
    wake?.task.cancel()
    let instant = origin.advanced(by: .milliseconds(deadline))
    wake = (
      deadline,
      Task { [weak self] in
        do {
          try await Task.sleep(until: instant, clock: .continuous)
        } catch {
          return
        }
        self?.fire()
      }
    )
  }

  /// Runs every timer due, in the order of their deadlines, then sleeps until the next.
  private func fire() {
    wake = nil
    let now = self.now
    let (whole, rest) = now.components
    let reached = whole * 1000 + rest / 1_000_000_000_000_000
    while let first = queue.min, first.deadline <= reached {
      queue.removeMin()
      actions.removeValue(forKey: first.id)?()
    }
    // NB: cancelled entries ahead are dropped, so the wake is for a timer that will run.
    while let first = queue.min, actions[first.id] == nil { queue.removeMin() }
    if let next = queue.min, wake == nil { arm(next.deadline) }
  }
}

import Locking

/// The event source of one screen hierarchy: timers on its clock, and work posted from any
/// thread to run on the main actor.
///
/// A scheduler never runs anything by itself: its host (the terminal run loop, an embedding
/// program's loop, or the test harness) asks for ``nextDeadline``, waits until then or until
/// ``wakeHandler`` is called, and calls ``runDue()``. That keeps the program free of wake-ups
/// while nothing is due, and keeps tests deterministic.
@MainActor
public final class Scheduler {
  /// A scheduled timer, for cancelling it.
  public struct Timer: Hashable, Sendable {
    let id: UInt64
  }

  private struct Entry {
    let deadline: Duration
    let id: UInt64
    /// Whether the action only shows an animation frame (``scheduleFrame(at:_:)``).
    let isFrame: Bool
    let action: @MainActor () -> Void
  }

  private struct Inbox {
    var work: [@Sendable @MainActor () -> Void] = []
    var wake: (@Sendable () -> Void)?
    var inFlight = 0
  }

  /// The clock timers are measured on.
  public nonisolated let clock: ScreenClock
  /// The executor that tasks started for the screens (loads, say) prefer; tests install one that
  /// runs jobs when drained.
  public nonisolated let taskExecutor: (any TaskExecutor)?

  private nonisolated let inbox = Locked(Inbox())
  private var timers: [Entry] = []
  private var nextID: UInt64 = 0

  /// Creates a scheduler on `clock`; the screens' tasks run on `taskExecutor` when one is given.
  public nonisolated init(clock: ScreenClock = .continuous, taskExecutor: (any TaskExecutor)? = nil)
  {
    self.clock = clock
    self.taskExecutor = taskExecutor
  }

  // MARK: Timers (main actor)

  /// Runs `action` on the main actor once the clock reads `deadline` or later.
  @discardableResult
  public func schedule(at deadline: Duration, _ action: @escaping @MainActor () -> Void) -> Timer {
    insert(deadline: deadline, isFrame: false, action)
  }

  /// Runs `action`, which only shows the animation frame of the moment it runs, once the clock
  /// reads `deadline` or later.
  ///
  /// A host that shows nothing in between may let time pass several such deadlines and run the
  /// action once, late (see ``nextDeadlineBesidesFrames``): a test harness moving an hour on
  /// does not draw 45,000 spinner frames nobody sees.
  @discardableResult
  public func scheduleFrame(
    at deadline: Duration, _ action: @escaping @MainActor () -> Void
  ) -> Timer {
    insert(deadline: deadline, isFrame: true, action)
  }

  private func insert(
    deadline: Duration, isFrame: Bool, _ action: @escaping @MainActor () -> Void
  ) -> Timer {
    nextID += 1
    let entry = Entry(deadline: deadline, id: nextID, isFrame: isFrame, action: action)
    // Timers are few; a sorted array keeps equal deadlines in the order they were set.
    let index = timers.firstIndex { $0.deadline > deadline } ?? timers.endIndex
    timers.insert(entry, at: index)
    return Timer(id: entry.id)
  }

  /// Runs `action` on the main actor after `delay`; a deadline past the largest `Duration`
  /// is kept at the largest, which never comes.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> Timer {
    schedule(at: clock.now.saturatingAdding(delay), action)
  }

  /// Cancels a timer; cancelling a timer that fired or was cancelled does nothing.
  public func cancel(_ timer: Timer) {
    timers.removeAll { $0.id == timer.id }
  }

  /// The earliest deadline of a pending timer, or `nil` when none is set.
  public var nextDeadline: Duration? { timers.first?.deadline }

  /// The earliest deadline of a pending timer that is not an animation frame
  /// (``scheduleFrame(at:_:)``), or `nil` when none is set: until then, time passing shows
  /// nothing but frames.
  public var nextDeadlineBesidesFrames: Duration? {
    for timer in timers where !timer.isFrame { return timer.deadline }
    return nil
  }

  /// The number of pending timers.
  public var pendingTimerCount: Int { timers.count }

  // MARK: Work from other threads

  /// Queues `work` to run on the main actor at the host's next ``runDue()``; callable from any
  /// thread.
  public nonisolated func post(_ work: @escaping @Sendable @MainActor () -> Void) {
    let wake = inbox.withLock { inbox in
      inbox.work.append(work)
      // NB: work already waiting has woken the host, whose next run takes this too.
      return inbox.work.count == 1 ? inbox.wake : nil
    }
    wake?()
  }

  /// Called (from any thread) when work is posted to an empty inbox, so a sleeping host wakes
  /// up; the host's next ``runDue()`` runs everything posted until then.
  public nonisolated var wakeHandler: (@Sendable () -> Void)? {
    get { inbox.withLock { $0.wake } }
    set { inbox.withLock { $0.wake = newValue } }
  }

  /// Whether posted work is waiting for ``runDue()``.
  public nonisolated var hasPostedWork: Bool { inbox.withLock { !$0.work.isEmpty } }

  /// Counts a task whose result will be posted later, so hosts and tests can tell whether
  /// something is still under way.
  public nonisolated func beginTask() { inbox.withLock { $0.inFlight += 1 } }
  /// Ends what ``beginTask()`` counted.
  public nonisolated func endTask() { inbox.withLock { $0.inFlight -= 1 } }
  /// The number of tasks begun and not yet ended.
  public nonisolated var tasksInFlight: Int { inbox.withLock { $0.inFlight } }

  // MARK: Running

  /// Runs posted work, then every timer whose deadline has passed, in deadline order, and
  /// returns how many actions ran.
  @discardableResult
  public func runDue() -> Int {
    var count = runPosted()
    let now = clock.now
    while let first = timers.first, first.deadline <= now {
      timers.removeFirst()
      first.action()
      count += 1
      count += runPosted()
    }
    return count
  }

  private func runPosted() -> Int {
    var count = 0
    while true {
      let work = inbox.withLock { inbox in
        defer { inbox.work.removeAll() }
        return inbox.work
      }
      if work.isEmpty { return count }
      for item in work { item() }
      count += work.count
    }
  }
}

import ScreenKit

/// The runner's timers on its stage's scheduler, one for each role, so ending one role never
/// cancels another.
///
/// The scheduler is given once, when the runner is placed on its stage; before that no timer is
/// set and there is no time.
@MainActor
struct LoadTimers {
  enum Role: Int, CaseIterable {
    /// The spinner's show delay, the load's timeout, the spinner's minimum time and the retry
    /// backoff: the current run's, cancelled with it.
    case showDelay, timeout, minimumVisible, retryBackoff
    /// The debounce of a key change.
    case debounce
    /// The refresh interval.
    case interval

    static let run: [Role] = [.showDelay, .timeout, .minimumVisible, .retryBackoff]
  }

  private(set) var scheduler: Scheduler?
  private var slots: [(timer: Scheduler.Timer, deadline: Duration)?] = Array(
    repeating: nil, count: Role.allCases.count)

  /// The scheduler's time, once there is one.
  var now: Duration? { scheduler?.clock.now }

  mutating func use(_ scheduler: Scheduler) {
    self.scheduler = scheduler
  }

  func deadline(_ role: Role) -> Duration? {
    slots[role.rawValue]?.deadline
  }

  /// Sets the timer of `role` for `deadline`, replacing the one it had.
  mutating func set(_ role: Role, at deadline: Duration, _ action: @escaping @MainActor () -> Void)
  {
    guard let scheduler else { return }
    cancel(role)
    slots[role.rawValue] = (scheduler.schedule(at: deadline, action), deadline)
  }

  mutating func cancel(_ role: Role) {
    guard let slot = slots[role.rawValue] else { return }
    slots[role.rawValue] = nil
    scheduler?.cancel(slot.timer)
  }

  /// Forgets the timer of `role`, which has fired.
  mutating func fired(_ role: Role) {
    slots[role.rawValue] = nil
  }
}

import ScreenKit

/// The timer for a display's input deadline: input held back (an Escape that may begin a
/// sequence, an answer cut in two) or an answer awaited, whose time is up then.
///
/// The application arms it each time the display says its deadline changed; a deadline it is
/// armed for already is not armed again, and one that is gone cancels the timer. When it
/// fires, it forgets the deadline before it calls back, so the callback may arm the next.
@MainActor
final class InputDeadlineTimer {
  private let scheduler: Scheduler
  private let passed: @MainActor () -> Void
  private var timer: Scheduler.Timer?
  private var deadline: ContinuousClock.Instant?

  /// A timer on `scheduler` that calls `passed` when a deadline it was armed for passes.
  init(scheduler: Scheduler, passed: @escaping @MainActor () -> Void) {
    self.scheduler = scheduler
    self.passed = passed
  }

  /// Arms the timer for `deadline`, or for none when it is `nil`.
  func arm(for deadline: ContinuousClock.Instant?) {
    guard deadline != self.deadline else { return }
    cancel()
    self.deadline = deadline
    guard let deadline else { return }
    let delay = max(.zero, deadline - ContinuousClock.now)
    timer = scheduler.schedule(after: delay) { [weak self] in
      guard let self else { return }
      timer = nil
      self.deadline = nil
      passed()
    }
  }

  /// Cancels the timer, if it is armed.
  func cancel() {
    if let timer { scheduler.cancel(timer) }
    timer = nil
    deadline = nil
  }
}

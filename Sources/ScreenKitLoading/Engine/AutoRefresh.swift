import ScreenKit

/// When a loaded value refreshes on its own: on focus coming back
/// (``LoadOptions/refreshOnFocus``) and every ``LoadOptions/refreshInterval``, both only while
/// the owner says its screen is present.
///
/// It holds what the owner last said and when the load last settled; the runner keeps the one
/// interval timer, which exists only while ``intervalDeadline(now:)`` gives a deadline.
struct AutoRefresh {
  private let options: LoadOptions
  /// Whether the owner's screen is visible and uncovered, as its owner last said.
  private var isPresent = false
  /// Whether the terminal has focus, as its owner last said.
  private var terminalHasFocus = true
  /// When the load last came out of flight (an answer, a failure, a cancellation): the
  /// interval counts from here.
  private var settledAt: Duration?

  init(_ options: LoadOptions) {
    self.options = options
  }

  /// Hears the owner's word; returns whether the terminal's focus came back while present.
  mutating func setPresence(isPresent: Bool, terminalHasFocus: Bool) -> Bool {
    let regained = terminalHasFocus && !self.terminalHasFocus
    self.isPresent = isPresent
    self.terminalHasFocus = terminalHasFocus
    return regained && isPresent
  }

  mutating func leave() {
    isPresent = false
  }

  mutating func settle(at now: Duration) {
    settledAt = now
  }

  /// Whether focus coming back refreshes a settled value delivered at `arrival`.
  func refreshesOnFocus(arrival: Duration?, now: Duration) -> Bool {
    options.refreshOnFocus.refreshes(valueOfAge: arrival.map { now - $0 })
  }

  /// When the interval refresh fires: one interval after the load settled.
  ///
  /// `nil` while the refresh is paused: the screen away, the terminal unfocused (unless that
  /// does not matter), or the load not idle (`loadIsIdle`: a settled value shown, no run or key
  /// change under way, which the runner knows).
  mutating func intervalDeadline(now: Duration, loadIsIdle: Bool) -> Duration? {
    guard let interval = options.refreshInterval, interval > .zero, isPresent,
      terminalHasFocus || options.refreshesWhileUnfocused, loadIsIdle
    else { return nil }
    // NB: a value shown from the start (never in flight here) counts from the first time the
    // interval could run.
    let settled = settledAt ?? now
    settledAt = settled
    return settled.saturatingAdding(interval)
  }
}

import ScreenKit

/// The spinner's timing for one load: whether it shows and since when, and the answers held
/// while it must stay up for its minimum time (``LoadOptions/minimumVisible``), so it never
/// blinks.
///
/// The show delay is a timer of the runner's; this says what the delay and the minimum time
/// mean for an answer.
struct SpinnerTiming<Value: Sendable> {
  enum State {
    case hidden
    case shown(since: Duration)
    /// Shown, holding answers until it has been up for its minimum time.
    case holding(since: Duration, [LoadAnswer<Value>])
  }

  /// What to do with an answer.
  enum Take {
    /// Show it now.
    case apply
    /// It is held; release the held answers at the deadline, if one is given (the first held).
    case hold(until: Duration?)
  }

  private(set) var state = State.hidden

  var isVisible: Bool {
    if case .hidden = state { false } else { true }
  }

  mutating func show(at now: Duration) {
    state = .shown(since: now)
  }

  mutating func hide() {
    state = .hidden
  }

  /// Takes an answer arriving at `now`: held while the spinner is within its minimum time, or
  /// while others are held; of several values in a row, the latest wins.
  mutating func take(_ answer: LoadAnswer<Value>, at now: Duration, minimumVisible: Duration)
    -> Take
  {
    switch state {
    case .hidden:
      return .apply
    case .shown(let since):
      let until = since.saturatingAdding(minimumVisible)
      guard now < until else { return .apply }
      state = .holding(since: since, [answer])
      return .hold(until: until)
    case .holding(let since, var held):
      if case .value = answer, case .value? = held.last { held.removeLast() }
      held.append(answer)
      state = .holding(since: since, held)
      return .hold(until: nil)
    }
  }

  /// The held answers, in order; the spinner stays shown until one of them hides it.
  mutating func release() -> [LoadAnswer<Value>] {
    guard case .holding(let since, let held) = state else { return [] }
    state = .shown(since: since)
    return held
  }

  /// Drops the held answers, as their run ended.
  mutating func dropHeld() {
    if case .holding(let since, _) = state { state = .shown(since: since) }
  }
}

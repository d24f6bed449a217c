public import ScreenKit

extension Spinner {
  /// Busy progress said with the label, and the percentage in steps of 10 % where there is
  /// one: a reader that says each change hears of a load at most ten times, never its frames.
  public var semantics: Semantics {
    var value: String?
    if let fraction = progress?.fraction {
      let clamped = min(max(fraction, 0), 1)
      value = "\(Int((clamped * 10).rounded(.down)) * 10) %"
    }
    return Semantics(role: .progress, label: label, value: value, states: [.busy])
  }
}

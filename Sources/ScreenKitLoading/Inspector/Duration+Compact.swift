extension Duration {
  /// The duration in at most two units, as the load inspector's narrow columns print it:
  /// `850ms`, `12s`, `4m05s`, `2h07m`, `3d04h`.
  ///
  /// Each unit is rounded down, so an age never shows more time than has passed, nor a time to
  /// live more than is left; a negative duration prints as `0ms`.
  var compactDescription: String {
    let (seconds, attoseconds) = components
    guard seconds >= 0, attoseconds >= 0 else { return "0ms" }
    func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    switch seconds {
    case ..<1: return "\(attoseconds / 1_000_000_000_000_000)ms"
    case ..<60: return "\(seconds)s"
    case ..<3_600: return "\(seconds / 60)m\(twoDigits(seconds % 60))s"
    case ..<86_400: return "\(seconds / 3_600)h\(twoDigits(seconds / 60 % 60))m"
    default: return "\(seconds / 86_400)d\(twoDigits(seconds / 3_600 % 24))h"
    }
  }
}

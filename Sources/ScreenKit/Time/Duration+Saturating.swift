/// Arithmetic on durations that clamps instead of trapping.
///
/// A timeout of `.seconds(Int.max)` means "practically never"; it must not trap where it is
/// added to a clock reading or turned into the integer a system call takes. Every conversion
/// from `Duration` to a count of units, and every deadline sum, goes through these.
extension Duration {
  /// The largest duration: deadlines past it are treated as never.
  package static let longest = Duration(attoseconds: .max)
  /// The most negative duration.
  package static let shortest = Duration(attoseconds: .min)

  /// How many `unit`s this duration lasts, rounded up so that a wait computed from it never
  /// ends early, clamped to `Int64`.
  ///
  /// - Precondition: `unit` is positive.
  package func saturatingCount(of unit: Duration) -> Int64 {
    precondition(unit > .zero, "a duration is counted in positive units")
    let (quotient, remainder) = attoseconds.quotientAndRemainder(dividingBy: unit.attoseconds)
    let rounded = remainder > 0 ? quotient + 1 : quotient
    return Int64(clamping: rounded)
  }

  /// The sum, clamped to ``longest`` and ``shortest``.
  package func saturatingAdding(_ other: Duration) -> Duration {
    let (sum, overflow) = attoseconds.addingReportingOverflow(other.attoseconds)
    guard overflow else { return Duration(attoseconds: sum) }
    return other > .zero ? .longest : .shortest
  }

  /// The product, clamped to ``longest`` and ``shortest``.
  package func saturatingMultiplied(by factor: Int) -> Duration {
    let (product, overflow) = attoseconds.multipliedReportingOverflow(by: Int128(factor))
    guard overflow else { return Duration(attoseconds: product) }
    return (self > .zero) == (factor > 0) ? .longest : .shortest
  }
}

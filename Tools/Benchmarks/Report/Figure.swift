/// One measured figure of the benchmark table.
struct Figure: Sendable {
  /// How a figure compares with its target.
  enum Verdict: String, Sendable {
    /// The target is met.
    case met
    /// The target is missed.
    case missed
    /// There is no target: the figure is reported.
    case report
    /// The figure could not be measured on this run.
    case notMeasured = "not measured"
  }

  /// The scenario that measured it, such as `spinner`.
  var scenario: String
  /// What was measured, such as `bytes per spinner frame, 80x24`.
  var name: String
  /// The measured value, or `nil` when it was not measured.
  var value: Double?
  /// The unit of ``value``.
  var unit: String
  /// The target, as text (`≤ 11`); empty when there is none.
  var target: String
  /// How the value compares with the target.
  var verdict: Verdict
  /// Context: what else was seen, or why it was not measured.
  var note: String

  /// Creates a figure.
  init(
    _ scenario: String, _ name: String, value: Double?, unit: String, target: String = "",
    verdict: Verdict = .report, note: String = ""
  ) {
    self.scenario = scenario
    self.name = name
    self.value = value
    self.unit = unit
    self.target = target
    self.verdict = value == nil ? .notMeasured : verdict
    self.note = note
  }

  /// A figure checked against an upper bound.
  static func atMost(
    _ scenario: String, _ name: String, value: Double, limit: Double, unit: String,
    note: String = ""
  ) -> Figure {
    Figure(
      scenario, name, value: value, unit: unit, target: "≤ \(format(limit))",
      verdict: value <= limit ? .met : .missed, note: note)
  }

  /// A figure that could not be measured, and why.
  static func notMeasured(
    _ scenario: String, _ name: String, unit: String, target: String = "", reason: String
  ) -> Figure {
    Figure(scenario, name, value: nil, unit: unit, target: target, note: reason)
  }
}

/// A number for the table: integers as integers, others with up to three significant
/// decimals.
func format(_ value: Double) -> String {
  guard value.isFinite else { return "\(value)" }
  if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
  let magnitude = abs(value)
  let decimals = magnitude >= 100 ? 1 : magnitude >= 1 ? 2 : magnitude >= 0.01 ? 3 : 4
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = String(rounded)
  if text.contains("e") { return text }
  if let dot = text.firstIndex(of: ".") {
    let fraction = text[text.index(after: dot)...]
    if fraction.count < decimals {
      text += String(repeating: "0", count: decimals - fraction.count)
    }
  }
  return text
}

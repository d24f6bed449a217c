/// How the simulated network behaves: latency with jitter, and which loads fail.
struct NetworkConditions: Sendable {
  /// The typical time a load takes.
  var latency: Duration
  /// How far a load's time strays from ``latency``, as a fraction either way (0.25: ±25 %).
  var jitter: Double = 0.25
  /// The number of loads, counted from the first, that fail before any succeeds.
  var failFirst = 0
  /// The probability (0–1) that a later load fails.
  var failRate = 0.0
  /// The seed of the generator behind jitter and `failRate`.
  var seed: UInt64 = 1

  /// No latency and no failures, for tests.
  static let instant = NetworkConditions(latency: .zero)
}

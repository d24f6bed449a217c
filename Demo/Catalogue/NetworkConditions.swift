/// How the simulated network behaves: latency with jitter, and which loads fail.
package struct NetworkConditions: Sendable {
  /// The typical time a load takes.
  package var latency: Duration
  /// How far a load's time strays from ``latency``, as a fraction either way (0.25: ±25 %).
  package var jitter: Double
  /// The number of loads, counted from the first, that fail before any succeeds.
  package var failFirst: Int
  /// The probability (0–1) that a later load fails.
  package var failRate: Double
  /// The seed of the generator behind jitter and `failRate`.
  package var seed: UInt64

  /// Conditions of a typical `latency`, the other values as given.
  package init(
    latency: Duration, jitter: Double = 0.25, failFirst: Int = 0, failRate: Double = 0,
    seed: UInt64 = 1
  ) {
    self.latency = latency
    self.jitter = jitter
    self.failFirst = failFirst
    self.failRate = failRate
    self.seed = seed
  }

  /// No latency and no failures, for tests.
  package static let instant = NetworkConditions(latency: .zero)
}

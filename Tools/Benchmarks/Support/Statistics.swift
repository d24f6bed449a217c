/// Order statistics of repeated measurements.
struct Samples {
  /// The measurements, unsorted.
  private(set) var values: [Double] = []

  /// Creates an empty set of samples.
  init() {}

  /// Creates samples from `values`.
  init(_ values: [Double]) { self.values = values }

  /// Adds a measurement.
  mutating func add(_ value: Double) { values.append(value) }

  /// The middle value (the mean of the middle two for an even count); 0 when empty.
  var median: Double { percentile(0.5) }

  /// The smallest value; 0 when empty.
  var minimum: Double { values.min() ?? 0 }

  /// The largest value; 0 when empty.
  var maximum: Double { values.max() ?? 0 }

  /// The mean; 0 when empty.
  var mean: Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }

  /// The value below which `fraction` of the samples fall (linear interpolation).
  func percentile(_ fraction: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let position = fraction * Double(sorted.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = min(lower + 1, sorted.count - 1)
    let weight = position - Double(lower)
    return sorted[lower] * (1 - weight) + sorted[upper] * weight
  }
}

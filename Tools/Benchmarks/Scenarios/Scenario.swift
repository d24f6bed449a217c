#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How long scenarios run.
struct RunSettings: Sendable {
  /// Whether to run each scenario briefly (CI checks the benchmarks still run).
  var quick: Bool
  /// Whether to print extra detail (escaped frame bytes, per-sample timings).
  var verbose: Bool

  /// `full` normally, `quick` in quick mode.
  func count(full: Int, quick: Int) -> Int { self.quick ? quick : full }

  /// `full` normally, `quick` in quick mode.
  func duration(full: Duration, quick: Duration) -> Duration { self.quick ? quick : full }
}

/// One benchmark scenario: it sets something up, measures it, and returns its figures.
@MainActor
protocol Scenario {
  /// A short name for the table and `--only`.
  var name: String { get }
  /// Runs the scenario.
  func run(_ settings: RunSettings) async -> [Figure]
  /// Side-by-side tables of programs measured in the same runs, printed before the figures.
  var comparisonTables: [ComparisonTable] { get }
}

extension Scenario {
  var comparisonTables: [ComparisonTable] { [] }
}

/// Prints a line to standard error, for progress and detail that are not part of the table.
func log(_ text: String) {
  var line = Array((text + "\n").utf8)
  _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

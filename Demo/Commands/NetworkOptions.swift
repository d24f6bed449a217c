import ArgumentParser
import DemoKit

/// The flags that make catalogue loads behave like a network: latency, jitter and failures.
struct NetworkOptions: ParsableArguments {
  // NB: `.unconditional` takes `-1` as the value it is, so the range check can name the
  // problem, rather than reading it as an unknown flag and reporting a missing value.
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("How long each load takes, ±25 % jitter.", valueName: "SECONDS"))
  var latency = 0.8

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("The probability (0…1) that a load fails.", valueName: "RATE"))
  var failRate = 0.0

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The seed of the jitter and --fail-rate, for repeatable runs.", valueName: "N"))
  var seed: UInt64 = 1

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Make the first N loads fail, then succeed.", valueName: "N"))
  var failFirst = 0

  /// Rejects values outside their ranges before the terminal is touched.
  func validate() throws {
    guard latency >= 0, latency <= 600 else {
      throw ValidationError("--latency must be between 0 and 600 seconds.")
    }
    guard failRate >= 0, failRate <= 1 else {
      throw ValidationError("--fail-rate must be between 0 and 1.")
    }
    guard failFirst >= 0 else { throw ValidationError("--fail-first must not be negative.") }
  }

  /// The simulated network these flags describe.
  var conditions: NetworkConditions {
    NetworkConditions(
      latency: .milliseconds(Int((latency * 1000).rounded())), failFirst: failFirst,
      failRate: failRate, seed: seed)
  }
}

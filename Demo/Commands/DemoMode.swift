import ArgumentParser
import DemoKit

/// A command the demo's `main` runs with the time it started, so `start` is traced with the
/// first reading `main` took, before parsing.
protocol DemoMode: AsyncParsableCommand {
  /// Runs the mode; `startedAt` is when `main` began.
  ///
  /// On the main actor, where the mode's screens live: a nonisolated `async` function would
  /// start on the cooperative pool, and the first frame would wait for a thread to be made
  /// and for the hop back.
  @MainActor func launch(startedAt: MonotonicTime) async throws
}

extension DemoMode {
  /// Runs the mode when the argument parser's own `main` is used.
  @MainActor mutating func run() async throws {
    try await launch(startedAt: .now())
  }
}

import ArgumentParser

/// A command the demo's `main` runs with the time it started, so `start` is traced with the
/// first reading `main` took, before parsing.
protocol DemoMode: AsyncParsableCommand {
  /// Runs the mode; `startedAt` is when `main` began.
  func launch(startedAt: MonotonicTime) async throws
}

extension DemoMode {
  /// Runs the mode when the argument parser's own `main` is used.
  mutating func run() async throws {
    try await launch(startedAt: .now())
  }
}

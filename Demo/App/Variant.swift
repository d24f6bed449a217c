import ArgumentParser

/// How the demo loads an episode's detail (`--variant`).
enum Variant: String, CaseIterable, Sendable, ExpressibleByArgument {
  /// Through a `LoadingController` container.
  case container
  /// Through a screen conforming to the `Loading` protocol.
  case `protocol`
  /// Both side by side on the same load.
  case compare
}

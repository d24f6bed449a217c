#if os(Linux)
  import Testing

  /// The demo's two ways of loading an episode's detail, each run through the chaos test.
  enum ChaosVariant: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `--variant container`: a `LoadingController`.
    case container
    /// `--variant protocol`: the `Loading` protocol extension.
    case `protocol`

    var testDescription: String { rawValue }
  }
#endif

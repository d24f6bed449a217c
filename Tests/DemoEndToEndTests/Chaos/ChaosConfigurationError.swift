#if os(Linux)
  /// A chaos variable that cannot be used, with a one-line message.
  struct ChaosConfigurationError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
      self.description = description
    }
  }
#endif

extension Screen {
  /// The environment this screen sees: the stage's values, overridden by each ancestor's and
  /// then by this screen's own.
  public var environment: EnvironmentValues {
    var chain: [Screen] = []
    var screen: Screen? = self
    while let current = screen {
      chain.append(current)
      screen = current.parent
    }
    var values = chain.last?.stage?.environment ?? EnvironmentValues()
    for screen in chain.reversed() where !screen.environmentOverrides.isEmpty {
      values = values.merging(screen.environmentOverrides)
    }
    return values
  }

  /// Sets a value for this screen and its descendants.
  public func setEnvironment<Value>(
    _ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value
  ) {
    environmentOverrides[keyPath: keyPath] = value
  }
}

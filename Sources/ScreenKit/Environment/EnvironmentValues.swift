/// Typed values that flow down the screen hierarchy; a screen reads the nearest one set above it.
@MainActor
public struct EnvironmentValues {
  private var values: [ObjectIdentifier: Any] = [:]

  /// Creates an empty set of values; every key reads its default.
  public init() {}

  /// The value for `key`, or its default when none was set.
  public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
    get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
    set { values[ObjectIdentifier(key)] = newValue }
  }

  /// Whether no value is set here.
  var isEmpty: Bool { values.isEmpty }

  /// These values with `other`'s set on top of them.
  func merging(_ other: EnvironmentValues) -> EnvironmentValues {
    var merged = self
    merged.values.merge(other.values) { _, new in new }
    return merged
  }
}

/// A key for a value that flows down the screen hierarchy.
///
/// ```swift
/// private struct AccentKey: EnvironmentKey {
///   static var defaultValue: Color { .cyan }
/// }
/// extension EnvironmentValues {
///   var accent: Color {
///     get { self[AccentKey.self] }
///     set { self[AccentKey.self] = newValue }
///   }
/// }
/// ```
public protocol EnvironmentKey {
  /// The type of the value.
  associatedtype Value
  /// The value a screen reads when no ancestor set one.
  @MainActor static var defaultValue: Value { get }
}

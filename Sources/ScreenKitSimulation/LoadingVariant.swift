/// The two ways ScreenKit loads a screen's value, by the one name the demo's `--variant`, the
/// tests and the benchmarks all give them.
///
/// It lives here, beside the other shared test and demo tools, because the demo, the
/// benchmarks and every test target may import this module; the core has no use for it.
public enum LoadingVariant: String, CaseIterable, Sendable {
  /// A `LoadingController` around a plain content screen (`--variant container`).
  case container
  /// A screen conforming to the `Loading` protocol (`--variant protocol`).
  case `protocol`
}

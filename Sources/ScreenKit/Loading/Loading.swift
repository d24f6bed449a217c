/// Swift Talk's protocol variant of loading: a screen that loads its own value.
///
/// A conforming screen declares its stored ``loadingIndicator`` and a ``configure(value:)``;
/// the extension supplies ``load(options:_:)`` (async and callback forms), which shows the
/// spinner, runs the load, configures the screen, and handles failure with retry.
///
/// What a protocol extension cannot do, and the screen must do instead: it has no stored
/// state (hence the indicator the screen declares), it adds no node to the hierarchy (so the
/// screen draws the spinner and error itself, by calling ``LoadingIndicator/draw(in:)`` first
/// and ``LoadingIndicator/drawOverlay(in:)`` last in `draw(in:)`, and passes keys to
/// ``LoadingIndicator/handle(_:)``), and it cannot override lifecycle methods (so the screen
/// calls ``cancelLoading()`` in `willDisappear`, or a late result would still configure it).
/// The screen is also coupled to loading: it cannot be built around a value it already has
/// without carrying the indicator.
///
/// ```swift
/// final class EpisodeScreen: Screen, Loading {
///   let loadingIndicator = LoadingIndicator<Episode>()
///   var episode: Episode?
///   func configure(value: Episode) { episode = value; setNeedsDisplay() }
///   override func didAppear() { load { try await catalogue.episode(7) } }
///   override func willDisappear() { cancelLoading() }
///   override func draw(in canvas: inout Canvas) {
///     if loadingIndicator.draw(in: &canvas) { return }
///     canvas.drawText(episode?.title ?? "", at: .zero)
///     loadingIndicator.drawOverlay(in: &canvas)
///   }
///   override func handle(_ key: Key) -> Bool { loadingIndicator.handle(key) }
/// }
/// ```
@MainActor
public protocol Loading: Screen {
  /// The type of the loaded value.
  associatedtype Value: Sendable
  /// The stored state the protocol extension works with.
  var loadingIndicator: LoadingIndicator<Value> { get }
  /// Shows a loaded value.
  func configure(value: Value)
}

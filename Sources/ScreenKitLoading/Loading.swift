public import ScreenKit

/// Swift Talk's protocol variant of loading: a screen that loads its own value.
///
/// A conforming screen stores a ``ScreenLoad`` as ``screenLoad`` and shows a value in
/// ``configure(value:)``; the extension supplies ``load(cache:options:_:)`` (and
/// ``load(source:cache:options:)`` for any ``LoadSource``), which runs the load, shows the
/// spinner, configures the screen with the value, and handles failure with retry and refresh;
/// and ``loadState``, ``reload()``, ``refresh()`` and ``cancelLoad()``, named as a
/// `LoadingController`'s.
///
/// The rest comes from the ``ScreenLoad``, which attaches itself to the screen when the first
/// load begins (a `ScreenAttachment`): the screen can take focus (unless it says otherwise);
/// while the spinner or the error covers it, the loader draws instead of `Screen.draw(in:)`
/// and takes its keys; otherwise the screen draws and handles keys first, then the loader draws
/// the refresh badge or a refresh error and answers `r` (retry, refresh), Enter (retry) and Esc
/// (dismiss a refresh error); and when the screen disappears, its load is cancelled, so a late
/// result configures nothing.
///
/// What a protocol extension still cannot do: hold state (hence the stored ``ScreenLoad``), or add a
/// node to the hierarchy, so the spinner, error and refresh badge draw in the screen's own
/// layer, under its children, and a custom loading screen is not possible. The screen is also
/// coupled to loading: it cannot be built around a value it already has without carrying the
/// loader.
///
/// ```swift
/// final class LoadingEpisodeScreen: Screen, Loading {
///   let screenLoad = ScreenLoad<Episode>()
///   var episode: Episode?
///   func configure(value: Episode) { episode = value; setNeedsDisplay() }
///   override func didAppear() { load { try await catalogue.episode(7) } }
///   override func draw(in canvas: inout Canvas) {
///     canvas.drawText(episode?.title ?? "", at: .zero)
///   }
/// }
/// ```
@MainActor
public protocol Loading: Screen {
  /// The type of the loaded value.
  associatedtype Value: Sendable
  /// The screen's load, which the extension and the core work with; declare it with `let`.
  ///
  /// Named for what it is, so that `loader` stays free for the screen's own data source.
  var screenLoad: ScreenLoad<Value> { get }
  /// Shows a loaded value.
  func configure(value: Value)
}

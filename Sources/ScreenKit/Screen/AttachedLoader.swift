/// What the core asks of the loader a ``Loading`` screen stores, so that the screen needs no
/// code of its own for focus, loading keys, the spinner and error, or cancelling on removal.
@MainActor
protocol AttachedLoader: AnyObject {
  /// Whether the spinner or the error covers the whole screen.
  var coversContent: Bool { get }
  /// Answers a loading key; returns whether it did.
  func handle(_ key: Key) -> Bool
  /// Answers a mouse event in a screen of `bounds` while it covers the content; returns
  /// whether it did.
  func handleMouse(_ event: MouseEvent, in bounds: Rect) -> Bool
  /// Draws the spinner or the error and returns whether it did.
  func draw(in canvas: inout Canvas) -> Bool
  /// Draws what shows over loaded content (a refresh badge, a refresh error).
  func drawOverlay(in canvas: inout Canvas)
  /// The screen appeared, after its own `didAppear`.
  func screenDidAppear()
  /// The screen is about to disappear: its load must stop.
  func screenWillDisappear()
  /// The terminal's focus, or what covers the screen, changed.
  func presenceDidChange()
}

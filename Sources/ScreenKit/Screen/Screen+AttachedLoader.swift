// How the core gives a `Loading` screen its loading behaviour: the places that call a
// screen for keys, the mouse, drawing and disappearance go through these, so no conforming screen has to
// forward anything, and no path (the stage, navigation, an overlay) can forget to.
extension Screen {
  /// Offers a key to the screen and returns whether it was taken.
  ///
  /// While the screen's loader covers it, the loader alone gets the key; otherwise
  /// ``handle(_:)`` first, then the loader.
  func respond(to key: Key) -> Bool {
    guard let loader = attachedLoader else { return handle(key) }
    if loader.coversContent { return loader.handle(key) }
    return handle(key) || loader.handle(key)
  }

  /// Offers pasted text to the screen and returns whether it was taken.
  ///
  /// While the screen's loader covers it there is no content to paste into, and the loader
  /// takes no text, so the paste goes on to the parents.
  func respond(toPaste text: String) -> Bool {
    if attachedLoader?.coversContent == true { return false }
    return handlePaste(text)
  }

  /// Offers a mouse event (in the screen's coordinates) to the screen and returns whether it
  /// was taken: while the screen's loader covers it, the loader alone gets it (a click on the
  /// error's Retry retries).
  func respond(toMouse event: MouseEvent) -> Bool {
    guard let loader = attachedLoader else { return handleMouse(event) }
    if loader.coversContent { return loader.handleMouse(event, in: bounds) }
    return handleMouse(event)
  }

  /// Draws the screen's own layer: its loader's spinner or error instead of ``draw(in:)``, or
  /// ``draw(in:)`` and then the loader's overlay.
  func drawLayer(in canvas: inout Canvas) {
    guard let loader = attachedLoader else {
      draw(in: &canvas)
      return
    }
    if loader.draw(in: &canvas) { return }
    draw(in: &canvas)
    loader.drawOverlay(in: &canvas)
  }

  /// The loader of a `Loading` screen; looked up once, since a screen keeps its loader.
  func findAttachedLoader() -> (any AttachedLoader)? {
    guard let loading = self as? any Loading else { return nil }
    return Self.loader(of: loading)
  }

  private static func loader<L: Loading>(of screen: L) -> any AttachedLoader {
    screen.screenLoad
  }
}

// How the core consults a screen's attachments (`ScreenAttachment`): every place that offers a
// screen a key, a paste or a mouse event, or draws it, goes through these, so no screen has to
// forward anything to its attachments, and no path (the stage, navigation, an overlay) can
// forget to.
extension Screen {
  /// Gives the screen `attachment`, after those it has; attaching one twice does nothing.
  ///
  /// It hears the screen's lifecycle from the next call on, and the screen is redrawn.
  public func attach(_ attachment: any ScreenAttachment) {
    guard !attachments.contains(where: { $0 === attachment }) else { return }
    attachments.append(attachment)
    setNeedsDisplay()
  }

  /// Takes `attachment` away from the screen; the screen is redrawn.
  public func detach(_ attachment: any ScreenAttachment) {
    guard let index = attachments.firstIndex(where: { $0 === attachment }) else { return }
    attachments.remove(at: index)
    setNeedsDisplay()
  }

  /// The attachment covering the screen's content, if one does.
  private var coveringAttachment: (any ScreenAttachment)? {
    attachments.first(where: \.coversContent)
  }

  /// Offers a key to the screen and returns whether it was taken.
  ///
  /// While an attachment covers the screen, it alone gets the key; otherwise ``handle(_:)``
  /// first, then the attachments.
  func respond(to key: Key) -> Bool {
    if attachments.isEmpty { return handle(key) }
    if let covering = coveringAttachment { return covering.handle(key, for: self) }
    return handle(key) || attachments.contains { $0.handle(key, for: self) }
  }

  /// Offers pasted text to the screen and returns whether it was taken.
  ///
  /// While an attachment covers the screen there is no content to paste into, and attachments
  /// take no text, so the paste goes on to the parents.
  func respond(toPaste text: String) -> Bool {
    if coveringAttachment != nil { return false }
    return handlePaste(text)
  }

  /// Offers a mouse event (in the screen's coordinates) to the screen and returns whether it
  /// was taken, as ``respond(to:)`` a key.
  func respond(toMouse event: MouseEvent) -> Bool {
    if attachments.isEmpty { return handleMouse(event) }
    if let covering = coveringAttachment { return covering.handleMouse(event, for: self) }
    return handleMouse(event) || attachments.contains { $0.handleMouse(event, for: self) }
  }

  /// The focus point the stage reads: a covering attachment's, otherwise ``focusPoint``.
  var resolvedFocusPoint: Point? {
    if attachments.isEmpty { return focusPoint }
    if let covering = coveringAttachment { return covering.focusPoint(of: self) }
    return focusPoint
  }

  /// The semantics a host reads: a covering attachment's, otherwise ``semantics``.
  public var effectiveSemantics: Semantics? {
    if attachments.isEmpty { return semantics }
    if let covering = coveringAttachment { return covering.semantics(of: self) }
    return semantics
  }

  /// Draws the screen's own layer: a covering attachment instead of ``draw(in:)``, or
  /// ``draw(in:)`` and then each attachment over it.
  func drawLayer(in canvas: inout Canvas) {
    if attachments.isEmpty {
      draw(in: &canvas)
      return
    }
    if let covering = coveringAttachment {
      covering.drawCovering(self, in: &canvas)
      return
    }
    draw(in: &canvas)
    for attachment in attachments { attachment.drawOver(self, in: &canvas) }
  }
}

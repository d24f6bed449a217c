extension Stage {
  /// Routes a mouse event to the topmost screen under its position, then up the parents.
  ///
  /// Overlays are hit before what they cover (the reverse of drawing order). Where a modal
  /// screen covers its parent, nothing else of the parent's subtree is hit: a press outside
  /// the modal box goes to the modal screen itself, with a position outside its bounds, and
  /// neither it nor its unhandled events ever reach the covered screens. (An overlay may close
  /// on such a press; the default ignores it, so a stray click never dismisses a dialog.)
  ///
  /// A press first gives focus to the screen under it, or its nearest ancestor that can take
  /// focus, or else to the first focusable screen inside it. Each screen gets the event with
  /// the position in its own coordinates. Returns whether anything handled it.
  @discardableResult
  package func send(_ event: MouseEvent) -> Bool {
    guard isMounted, bounds.contains(event.position) else { return false }
    let target = root.hitTest(event.position)
    if case .press = event.action { focus(forPressOn: target) }
    var responder: Screen? = target
    while let screen = responder {
      let origin = screen.absoluteFrame.origin
      if screen.respond(toMouse: event.offsetBy(dx: -origin.x, dy: -origin.y)) { return true }
      // NB: an event a modal screen leaves unhandled must not fall through to what it covers.
      if screen.isModal { return true }
      responder = screen.parent
    }
    return false
  }

  private func focus(forPressOn target: Screen) {
    if let focused = focusedScreen, focused === target { return }
    var candidate: Screen? = target
    while let screen = candidate {
      if screen.canBecomeFocused {
        focus(screen)
        return
      }
      if screen.isModal { break }
      candidate = screen.parent
    }
    if let focused = focusedScreen, focused.isDescendant(of: target) { return }
    _ = target.focusFirstCandidate()
  }
}

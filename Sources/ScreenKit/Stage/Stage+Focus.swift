extension Stage {
  /// Routes a key to the focused screen (or the root) first, then up the parents.
  ///
  /// An unhandled Tab or Shift-Tab moves focus. Returns whether anything handled the key.
  @discardableResult
  public func send(_ key: Key) -> Bool {
    if route({ $0.respond(to: key) }) { return true }
    switch key {
    case .tab: return moveFocus(by: 1)
    case .backTab: return moveFocus(by: -1)
    default: return false
    }
  }

  /// Routes pasted text like a key, to the focused screen (or the root) first, then up the
  /// parents.
  ///
  /// Returns whether anything handled it; nothing else happens when none did.
  @discardableResult
  public func paste(_ text: String) -> Bool {
    route { $0.respond(toPaste: text) }
  }

  /// Offers input to the responder chain, from the focused screen (or the root) up, until one
  /// takes it.
  private func route(_ respond: (Screen) -> Bool) -> Bool {
    guard isMounted else { return false }
    resolvePendingFocus()
    var responder: Screen? = focusedScreen ?? root
    while let screen = responder {
      if respond(screen) { return true }
      // NB: past an overlay the covered screen is skipped: it takes no keys while covered.
      responder = screen.keyRouteParent
    }
    return false
  }

  /// Gives focus to `screen`, or clears it for `nil`.
  ///
  /// The screen must be on this stage and able to take focus. Returns whether the focus is now
  /// where it was asked to be.
  @discardableResult
  public func focus(_ screen: Screen?) -> Bool {
    if let screen, screen.stage !== self || !screen.canBecomeFocused { return false }
    needsFocus = false
    guard screen !== focusedScreen else { return true }
    let old = focusedScreen
    focusedScreen = screen
    old?.setNeedsDisplay()
    screen?.setNeedsDisplay()
    old?.focusDidChange()
    screen?.focusDidChange()
    var notified = Set<ObjectIdentifier>()
    for changed in [old, screen] {
      var ancestor = changed?.parent
      while let current = ancestor, notified.insert(ObjectIdentifier(current)).inserted {
        current.descendantFocusDidChange()
        ancestor = current.parent
      }
    }
    return true
  }

  /// The screens that can take focus, in drawing order, leaving out those a modal screen covers.
  public var focusableScreens: [Screen] {
    isMounted ? root.focusableDescendants : []
  }

  /// Moves focus `offset` places along ``focusableScreens``, wrapping around.
  @discardableResult
  public func moveFocus(by offset: Int) -> Bool {
    let candidates = focusableScreens
    guard !candidates.isEmpty else { return false }
    let current = candidates.firstIndex { $0 === focusedScreen }
    let next: Int
    if let current {
      next = ((current + offset) % candidates.count + candidates.count) % candidates.count
    } else {
      next = offset >= 0 ? 0 : candidates.count - 1
    }
    guard candidates[next] !== focusedScreen else { return false }
    return focus(candidates[next])
  }

  /// Gives focus to the first focusable screen when the focused one left the stage, and hands
  /// it down when the focused screen can no longer take it but something inside it can (a
  /// navigation screen whose top screen became focusable).
  ///
  /// Every key, paste and frame (``update()``) passes through here before it looks at focus; a
  /// press of the mouse focuses what it hits by itself.
  func resolvePendingFocus() {
    if let focused = focusedScreen {
      if !focused.canBecomeFocused, let inner = focused.focusableDescendants.first {
        focus(inner)
      }
      return
    }
    guard needsFocus else { return }
    needsFocus = false
    if let first = focusableScreens.first { focus(first) }
  }
}

extension Stage {
  /// Routes a key to the focused screen (or the root) first, then up the parents.
  ///
  /// A key of ``keyCommands`` never reaches a screen: the stage performs its command.
  /// A Tab or Shift-Tab that no screen handles moves focus, as ``moveFocus(by:)`` does.
  /// Returns whether anything handled the key; a Tab that moved no focus was not handled.
  @discardableResult
  package func send(_ key: Key) -> Bool {
    // NB: before the screens, so that no screen (a text field taking every key) hides it.
    if isMounted, let command = keyCommands[key] {
      command.perform(on: self)
      return true
    }
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
  package func paste(_ text: String) -> Bool {
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
    var container = screen
    while let current = container {
      current.lastFocusInSubtree = screen
      container = current.parent
    }
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

  /// Moves focus as many stops forward as `offset` says, or backward when it is negative, as
  /// that many presses of Tab or Shift-Tab would; returns whether focus moved.
  ///
  /// See ``FocusScope`` for the stops and for where focus goes past the last one.
  @discardableResult
  public func moveFocus(by offset: Int) -> Bool {
    guard isMounted else { return false }
    let start = focusedScreen
    for _ in 0..<offset.magnitude {
      guard let next = nextFocus(forward: offset > 0) else { break }
      focus(next)
    }
    return focusedScreen !== start
  }

  /// Gives focus to the first focusable screen when nothing has it (at mount, after the focused
  /// one left the stage, or once a focusable screen was added where none was), and hands
  /// it down when the focused screen can no longer take it but something inside it can (a
  /// navigation screen whose top screen became focusable).
  ///
  /// Every key, paste and frame (``frame()``) passes through here before it looks at focus; a
  /// press of the mouse focuses what it hits by itself.
  func resolvePendingFocus() {
    if let focused = focusedScreen {
      if !focused.canBecomeFocused, let inner = focused.focusableDescendants.first {
        focus(inner)
      }
      return
    }
    // NB: the stage keeps wanting focus until a screen takes it, so a focusable screen added
    // after mount (to a hierarchy where nothing could take focus) gets it too; only
    // `focus(nil)` stops wanting it.
    guard needsFocus, let first = focusableScreens.first else { return }
    focus(first)
  }

  // MARK: Scopes

  /// The screen Tab (`forward`) or Shift-Tab moves focus to, if any.
  private func nextFocus(forward: Bool) -> Screen? {
    // NB: with nothing focused, Tab starts before the root's first stop (Shift-Tab after its
    // last).
    var from = focusedScreen
    var scope = innermostScope(around: from ?? root)
    while true {
      let stops = focusStops(in: scope)
      let index = from.flatMap { from in
        stops.firstIndex { $0 === from || ($0 !== scope && from.isDescendant(of: $0)) }
      }
      let next = index.map { forward ? $0 + 1 : $0 - 1 } ?? (forward ? 0 : stops.count - 1)
      if stops.indices.contains(next) {
        return entry(into: stops[next], of: scope, forward: forward)
      }
      guard let outer = scope.parent, !scope.isModal else {
        // A modal screen and the root wrap around.
        guard let wrapped = forward ? stops.first : stops.last else { return nil }
        return entry(into: wrapped, of: scope, forward: forward)
      }
      from = scope
      scope = innermostScope(around: outer)
    }
  }

  /// The nearest of `screen` and its ancestors that is a focus scope.
  private func innermostScope(around screen: Screen) -> Screen {
    var candidate = screen
    while !candidate.isFocusScope, let parent = candidate.parent { candidate = parent }
    return candidate
  }

  /// The stops of `scope` in Tab order (see ``FocusScope``): focusable screens, and scopes
  /// or children with something focusable inside; only a modal child's subtree where there is
  /// one.
  private func focusStops(in scope: Screen) -> [Screen] {
    if scope.effectiveFocusScope == .children {
      if let modal = scope.children.last(where: \.isModal) { return [modal] }
      let panes = scope.children.filter(\.hasFocusableDescendants)
      return scope.canBecomeFocused ? [scope] + panes : panes
    }
    var stops: [Screen] = []
    var pending: [Screen] = [scope]
    while let screen = pending.popLast() {
      if screen !== scope, screen.isFocusScope {
        if screen.hasFocusableDescendants { stops.append(screen) }
        continue
      }
      if let modal = screen.children.last(where: \.isModal) {
        pending.append(modal)
        continue
      }
      if screen.canBecomeFocused { stops.append(screen) }
      pending.append(contentsOf: screen.children.reversed())
    }
    return stops
  }

  /// The screen that takes focus when Tab (`forward`) or Shift-Tab reaches `stop`, a stop of
  /// `scope`.
  private func entry(into stop: Screen, of scope: Screen, forward: Bool) -> Screen? {
    if stop === scope { return stop }
    if scope.effectiveFocusScope == .children {
      return stop.focusCandidate(preferring: stop.lastFocusInSubtree)
    }
    guard stop.isFocusScope else { return stop }
    let inner = focusStops(in: stop)
    guard let next = forward ? inner.first : inner.last else { return nil }
    return entry(into: next, of: stop, forward: forward)
  }
}

extension Screen {
  /// Whether Tab and Shift-Tab treat this screen as a scope: it declares one, or it is modal
  /// or the root.
  fileprivate var isFocusScope: Bool {
    focusScope != .none || isModal || parent == nil
  }

  /// The scope this screen is, `.screens` for a modal screen or the root that declares none.
  fileprivate var effectiveFocusScope: FocusScope {
    focusScope == .none ? .screens : focusScope
  }
}

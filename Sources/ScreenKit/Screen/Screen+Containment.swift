extension Screen {
  /// Adds `child` as the last (topmost) child; see ``insertChild(_:at:)``.
  public func addChild(_ child: Screen) {
    insertChild(child, at: children.count)
  }

  /// Inserts `child` at `index` of ``children``, moving it from its old parent if it has one.
  ///
  /// The child gets ``willMove(toParent:)`` before and ``didMove(toParent:)`` after the change;
  /// a move from another parent first removes it there (with `willMove(toParent: nil)` and
  /// `didMove(toParent: nil)`). If this screen is visible the child appears, after its
  /// `willMove` and before its `didMove`. Both are laid out at the next ``Stage/frame()``,
  /// never during the change. Adding a screen to itself or to one of its own descendants
  /// stops the program with a message.
  public func insertChild(_ child: Screen, at index: Int) {
    precondition(child !== self, "ScreenKit: cannot add screen '\(name)' as a child of itself")
    precondition(
      !isDescendant(of: child),
      "ScreenKit: cannot add screen '\(child.name)' to its own descendant '\(name)'")
    laterChildrenBoundsCache = nil
    if child.parent === self {
      // A reorder within the same parent is not a containment change.
      guard let old = self.index(ofChild: child) else { return }
      children.remove(at: old)
      children.insert(child, at: min(max(0, index > old ? index - 1 : index), children.count))
      setNeedsLayout()
      setNeedsDisplay()
      return
    }
    child.removeFromParent()
    child.sendWillMove(toParent: self)
    children.insert(child, at: min(max(0, index), children.count))
    child.parent = self
    if let stage { child.attach(to: stage) }
    child.setNeedsLayout()
    setNeedsLayout()
    switch appearancePhase {
    case .appeared:
      child.beginAppearance()
      child.endAppearance()
    case .appearing:
      child.beginAppearance()
    case .disappeared, .disappearing:
      break
    }
    child.sendDidMove(toParent: self)
    setNeedsDisplay()
    // NB: a modal screen now covers screens that were shown: they are no longer present.
    if child.isModal { stage?.presenceDidChange() }
  }

  /// Removes the screen from its parent; a visible screen disappears first.
  ///
  /// The screen gets `willMove(toParent: nil)`, its disappearance (if visible), and
  /// `didMove(toParent: nil)`. Removing a screen without a parent does nothing.
  public func removeFromParent() {
    guard let parent else { return }
    sendWillMove(toParent: nil)
    if isVisible {
      beginDisappearance()
      endDisappearance()
    }
    let stage = self.stage
    let area = frame
    parent.children.removeAll { $0 === self }
    parent.laterChildrenBoundsCache = nil
    self.parent = nil
    if let stage {
      stage.screenWillDetach(self)
      detach()
      stage.invalidate(parent, rect: area)
    }
    sendDidMove(toParent: nil, formerStage: stage)
    parent.setNeedsLayout()
    // NB: what this modal screen covered shows again: it is present once more.
    if isModal { stage?.presenceDidChange() }
  }

  /// Whether `ancestor` is this screen or one of its ancestors.
  public func isDescendant(of ancestor: Screen) -> Bool {
    var screen: Screen? = self
    while let current = screen {
      if current === ancestor { return true }
      screen = current.parent
    }
    return false
  }

  /// This screen and all of its descendants, parents before children, in drawing order.
  public var subtree: [Screen] {
    var result: [Screen] = []
    var stack: [Screen] = [self]
    while let screen = stack.popLast() {
      result.append(screen)
      stack.append(contentsOf: screen.children.reversed())
    }
    return result
  }

  /// The screens of this subtree that can take focus, in drawing order; where a screen has a
  /// modal child, only the last modal child's subtree counts.
  public var focusableDescendants: [Screen] {
    var result: [Screen] = []
    var pending: [Screen] = [self]
    while let screen = pending.popLast() {
      if let modal = screen.children.last(where: \.isModal) {
        pending.append(modal)
        continue
      }
      if screen.canBecomeFocused { result.append(screen) }
      pending.append(contentsOf: screen.children.reversed())
    }
    return result
  }

  /// Whether any screen of this subtree can take focus, as ``focusableDescendants`` counts
  /// them; found without making the list, as focus is checked at every frame.
  public var hasFocusableDescendants: Bool {
    if let modal = children.last(where: \.isModal) { return modal.hasFocusableDescendants }
    return canBecomeFocused || children.contains { $0.hasFocusableDescendants }
  }

  /// Whether a modal screen covers this one: a modal sibling of it or of an ancestor drawn
  /// above it, or a modal child of its own.
  public var isCoveredByModal: Bool { isCoveredByModal(pausingScreens: false) }

  /// Whether a modal screen covers this one; with `pausingScreens`, only one that makes the
  /// screens underneath absent counts (an inspector watching them does not).
  func isCoveredByModal(pausingScreens: Bool) -> Bool {
    func counts(_ screen: Screen) -> Bool {
      screen.isModal && (!pausingScreens || screen.pausesScreensUnderneath)
    }
    if children.contains(where: counts) { return true }
    var node: Screen = self
    while let parent = node.parent {
      if let modal = parent.children.last(where: counts), modal !== node { return true }
      node = parent
    }
    return false
  }

  /// The position of `child` among ``children``, if it is one.
  func index(ofChild child: Screen) -> Int? {
    // NB: a loop, not `firstIndex` with a closure: the closure checked at run time that it
    // was on the main actor, on every frame (`.ci/frame-budget`).
    for (index, candidate) in children.enumerated() where candidate === child { return index }
    return nil
  }

  /// The bounding box of the frames of the children from `index` on: nothing outside it can
  /// be covered by those children.
  ///
  /// Cached until a child moves, comes or goes, so the renderer finds in constant time that
  /// no later sibling covers a dirty area, however many siblings there are.
  func boundsOfChildren(from index: Int) -> Rect {
    guard index < children.count else { return .zero }
    if laterChildrenBoundsCache == nil {
      var bounds = Array(repeating: Rect.zero, count: children.count)
      var union = Rect.zero
      for position in children.indices.reversed() {
        union = union.union(children[position].frame)
        bounds[position] = union
      }
      laterChildrenBoundsCache = bounds
    }
    return laterChildrenBoundsCache?[index] ?? .zero
  }

  /// The nearest ancestor (or this screen) of type `T`.
  public func nearest<T: Screen>(_ type: T.Type) -> T? {
    var screen: Screen? = self
    while let current = screen {
      if let match = current as? T { return match }
      screen = current.parent
    }
    return nil
  }

  func attach(to stage: Stage) {
    for screen in subtree {
      screen.stage = stage
      if screen.needsLayout { stage.scheduleLayout(screen) }
    }
  }

  func detach() {
    for screen in subtree { screen.stage = nil }
  }
}

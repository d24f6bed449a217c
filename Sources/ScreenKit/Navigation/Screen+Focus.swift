// Focus and key-routing rules shared by the navigation, split and overlay screens. Overlays are
// modal (see `Screen.isModal`): the screen they cover and its other descendants take neither
// focus nor keys until the overlay is dismissed.
extension Screen {
  /// The screen an unhandled key goes to next: the parent, except that an overlay passes keys
  /// over the screen it covers to that screen's own next responder.
  var keyRouteParent: Screen? {
    guard self is OverlayScreen else { return parent }
    return parent?.keyRouteParent
  }

  /// The stage's focused screen when it lies in this subtree.
  var focusedDescendant: Screen? {
    guard let focused = stage?.focusedScreen, focused.isDescendant(of: self) else { return nil }
    return focused
  }

  /// Focuses `preferred` when it can still take focus here, otherwise the first candidate of
  /// this subtree; returns whether anything was focused.
  @discardableResult
  func focusFirstCandidate(preferring preferred: Screen? = nil) -> Bool {
    guard let stage, let candidate = focusCandidate(preferring: preferred) else { return false }
    return stage.focus(candidate)
  }

  /// `preferred` when it can still take focus here, otherwise the first candidate of this
  /// subtree, if any.
  func focusCandidate(preferring preferred: Screen? = nil) -> Screen? {
    if let preferred, preferred.stage === stage, preferred.isDescendant(of: self),
      preferred.canBecomeFocused, !preferred.isCoveredByModal
    {
      return preferred
    }
    return focusableDescendants.first
  }
}

extension Screen {
  /// The deepest visible screen of this subtree under `point` (in stage coordinates), later
  /// children before earlier ones; where a modal child covers this screen, only its subtree.
  ///
  /// Returns this screen when no child is under the point (or a modal child when the point is
  /// outside it), and is called only for points inside the screen's visible area.
  func hitTest(_ point: Point) -> Screen {
    if let modal = children.last(where: \.isModal) {
      guard modal.isVisible, modal.visibleRect.contains(point) else { return modal }
      return modal.hitTest(point)
    }
    for child in children.reversed() where child.isVisible && child.visibleRect.contains(point) {
      return child.hitTest(point)
    }
    return self
  }
}

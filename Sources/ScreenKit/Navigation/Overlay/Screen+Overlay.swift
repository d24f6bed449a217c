extension Screen {
  /// Presents `content` in a bordered, titled box centred over this screen and returns the
  /// overlay; see ``OverlayScreen`` for how keys and focus behave while it is up.
  ///
  /// ```swift
  /// list.presentOverlay(TextScreen(text: "Delete 3 episodes? (y/n)"), title: "Confirm")
  /// ```
  @discardableResult
  public func presentOverlay(
    _ content: Screen, title: String = "", preferredContentSize: Size? = nil
  ) -> OverlayScreen {
    let overlay = OverlayScreen(
      content: content, title: title, preferredContentSize: preferredContentSize)
    presentOverlay(overlay)
    return overlay
  }

  /// Presents a ready-made overlay over this screen, above any overlay already presented.
  public func presentOverlay(_ overlay: OverlayScreen) {
    overlay.previousFocus = stage?.focusedScreen
    addChild(overlay)
    overlay.focusFirstCandidate()
    overlay.chromeDidChange()
  }

  /// The topmost overlay presented over this screen, if any.
  public var presentedOverlay: OverlayScreen? {
    children.last { $0 is OverlayScreen } as? OverlayScreen
  }

  /// Dismisses the topmost overlay presented over this screen, if any.
  public func dismissOverlay() {
    presentedOverlay?.dismiss()
  }
}

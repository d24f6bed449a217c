extension Screen {
  /// Presents a ``HelpScreen`` over this screen listing the key hints in scope of the focused
  /// screen (or of this screen when focus lies outside it), and returns its overlay.
  ///
  /// ``NavigationScreen`` calls this on `?`; any other screen can bind it to a key of its own.
  @discardableResult
  public func presentHelp() -> OverlayScreen {
    let focused = focusedDescendant ?? self
    let help = HelpScreen(hints: focused.keyHintsInScope)
    return presentOverlay(
      help, title: help.title, preferredContentSize: help.preferredContentSize)
  }
}

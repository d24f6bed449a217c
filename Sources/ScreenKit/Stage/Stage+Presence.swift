extension Stage {
  /// Records whether the terminal has focus and, when that changed, tells every visible screen
  /// (``Screen/terminalFocusDidChange()``).
  ///
  /// A report that repeats the focus the stage already knows changes nothing: terminals send
  /// one when focus reporting is switched on, and again after a stop.
  func setTerminalFocus(_ hasFocus: Bool) {
    guard hasFocus != terminalHasFocus else { return }
    terminalHasFocus = hasFocus
    guard isMounted else { return }
    for screen in root.subtree where screen.stage === self && screen.isVisible {
      screen.terminalFocusDidChange()
    }
  }
}

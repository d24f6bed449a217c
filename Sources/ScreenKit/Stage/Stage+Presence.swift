extension Stage {
  /// Records whether the terminal has focus and, when that changed, tells every visible screen
  /// (``Screen/terminalFocusDidChange()``) and what its presence changed
  /// (``Screen/presenceDidChange()``).
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
    presenceDidChange()
  }

  /// Tells every visible screen (and its attachments) that what its presence depends on
  /// changed: the terminal's focus, or a modal screen came or went.
  ///
  /// Rare events, so every screen is visited; a screen a callback removed meanwhile is
  /// skipped.
  func presenceDidChange() {
    guard isMounted else { return }
    for screen in root.subtree where screen.stage === self && screen.isVisible {
      screen.notifyPresenceDidChange()
    }
  }
}

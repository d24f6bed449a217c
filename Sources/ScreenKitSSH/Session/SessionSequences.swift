import ScreenKitTerminal

/// What a session writes around its frames: the set-up that gives the screens a terminal
/// of their own, and the restore that gives it back.
enum SessionSequences {
  /// The alternate screen, cleared, the cursor hidden, `modes` on.
  static func setUp(modes: [TerminalMode]) -> [UInt8] {
    Array(("\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?25l" + modes.map(\.onSequence).joined()).utf8)
  }

  /// Every mode a session may have turned on off (whichever it did), plain style, the cursor
  /// shown, the main screen back; then `message` on a line of its own there.
  static func restore(message: String?) -> [UInt8] {
    var text = TerminalMode.allOffSequences + "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    if let message { text += "\r\n" + message + "\r\n" }
    return Array(text.utf8)
  }
}

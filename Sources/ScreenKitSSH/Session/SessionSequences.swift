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
  ///
  /// An accessible session changed nothing of the terminal: only `message`, on its own line
  /// (leaving an alternate screen never entered moves the cursor on some terminals).
  static func restore(message: String?, accessible: Bool = false) -> [UInt8] {
    if accessible { return message.map { Array(("\r\n" + $0 + "\r\n").utf8) } ?? [] }
    var text = TerminalMode.allOffSequences + "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    if let message { text += "\r\n" + message + "\r\n" }
    return Array(text.utf8)
  }
}

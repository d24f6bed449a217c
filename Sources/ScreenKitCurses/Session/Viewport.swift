/// Where a ``CursesApplication`` shows its hierarchy.
public enum Viewport: Hashable, Sendable {
  /// The whole terminal, on the alternate screen: the shell's screen comes back at the end.
  case fullScreen
  /// A region of `height` rows at the cursor, in the normal screen: what the program prints
  /// (``CursesApplication/print(_:style:)``) goes above it into the scrollback, and at the end
  /// the region is left as `exit` says, with the cursor on the line below.
  ///
  /// The region is at most the terminal's height. When standard output is not a terminal
  /// (a pipe, a log) or the terminal cannot go back up a line, no escape code is written:
  /// what was printed, then the last frame as plain text.
  case inline(height: Int, exit: InlineExit = .keepLastFrame)
}

/// What an inline region leaves behind when the program ends, however it ends.
public enum InlineExit: Hashable, Sendable {
  /// The last frame stays in the scrollback, its blank rows at the bottom dropped.
  case keepLastFrame
  /// The region is cleared, as if the program had printed only what it committed.
  case clear
}

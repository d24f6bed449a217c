/// What an inline region (``Presentation/inline(height:exit:)``) leaves behind when the
/// program ends, however it ends.
public enum InlineExit: Hashable, Sendable {
  /// The last frame stays in the scrollback, its blank rows at the bottom dropped.
  case keepLastFrame
  /// The region is cleared, as if the program had printed only what it committed.
  case clear
}

/// What a terminal backend delivers to a stage: a key, pasted text, a mouse report, a new size,
/// or the terminal's gaining or losing focus.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// Text the user pasted, delivered whole rather than as keys, so pasting `q` never quits.
  ///
  /// Terminals report pastes this way once bracketed paste is on. Line breaks arrive as
  /// `"\n"`, and control characters other than tab and line feed are left out. A paste
  /// longer than its decoder's `maximumPasteLength` (ScreenKitTerminal's `InputDecoder`)
  /// bytes arrives as several events, in order.
  case paste(String)
  /// A mouse report, once the terminal reports the mouse.
  case mouse(MouseEvent)
  /// The terminal changed size.
  case resize(Size)
  /// The terminal gained (`true`) or lost (`false`) the user's focus: its window or pane
  /// became the one keys go to, or stopped being it.
  ///
  /// Terminals report it once focus reporting (DEC private mode 1004) is on, as `ESC [ I` and
  /// `ESC [ O`; it is never a key. ``Stage/terminalHasFocus`` keeps the latest.
  case terminalFocus(Bool)
}

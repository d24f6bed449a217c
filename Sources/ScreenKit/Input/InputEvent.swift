/// What a terminal backend delivers to a stage: a key, pasted text, a mouse report or a new size.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// Text the user pasted, delivered whole rather than as keys, so pasting `q` never quits.
  ///
  /// Terminals report pastes this way once bracketed paste is on. Line breaks arrive as
  /// `"\n"`, and control characters other than tab and line feed are left out. A paste
  /// longer than ``InputDecoder/maximumPasteLength`` bytes arrives as several events, in order.
  case paste(String)
  /// A mouse report, once the terminal reports the mouse.
  case mouse(MouseEvent)
  /// The terminal changed size.
  case resize(Size)
}

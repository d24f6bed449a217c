/// What a terminal backend delivers to a stage: a key or a new size.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// The terminal changed size.
  case resize(Size)
}

/// How a screen groups the focusable screens inside it for Tab and Shift-Tab; containers
/// declare it through ``Screen/focusScope``, and the stage alone moves focus.
///
/// Tab moves to the next stop of the innermost scope around the focused screen, Shift-Tab to
/// the previous one. Past the last stop (or before the first), a modal screen and the root
/// wrap around; any other scope hands the key on to the scope around it, which moves on from
/// the inner scope as a whole. See <doc:FocusAndKeyRouting>.
public enum FocusScope: Hashable, Sendable {
  /// Not a scope: the focusable screens inside take their turns in the scope around it.
  case none
  /// Each focusable screen inside is a stop, in drawing order; a scope nested inside is one
  /// stop, entered at its first stop by Tab and at its last by Shift-Tab. A
  /// ``NavigationScreen`` is one.
  case screens
  /// Each child with something focusable inside is a stop, entered at the screen that last had
  /// focus there, or else at its first focusable screen. A ``SplitScreen`` is one, with its
  /// panes as the children.
  case children
}

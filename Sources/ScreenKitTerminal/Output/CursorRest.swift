package import ScreenKit

/// Where a host leaves the terminal's cursor after a frame, and whether it shows there: every
/// host (ncurses full screen and inline, the embedding host, the frame writer) reads a frame's
/// cursor through this one rule.
///
/// The cursor rests on the frame's focus (``FrameChanges/focus``: a text field's insertion
/// point, a list's selected row, a focused button), so that screen readers and braille
/// displays, which follow the cursor, follow the focus. It shows at an insertion point always,
/// and at any other focus only when the session shows focus with it.
package struct CursorRest: Equatable {
  /// The cell, in the frame's grid; `nil` where nothing has focus.
  package var point: Point?
  /// Whether the cursor shows there.
  package var isShown: Bool

  /// The rest after `changes`; `showingFocus` is the session's option.
  package init(_ changes: FrameChanges, showingFocus: Bool) {
    point = changes.cursor ?? changes.focus
    isShown = changes.cursor != nil || (showingFocus && point != nil)
  }
}

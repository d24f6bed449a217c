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

  /// The rest after a frame whose `cursor` and `focus` (`FrameChanges`) are these;
  /// `showingFocus` is the session's option.
  ///
  /// `followsHiddenFocus` false (an inline region) rests a cursor that does not show at the
  /// region's top-left instead (`point` `nil`): a terminal made shorter than the focused row,
  /// or one that rewraps it, pushes the rows above the cursor into the scrollback before the
  /// program hears of it. Where the focus shows, the cursor rests on it there too.
  ///
  /// NB: the two points, not the frame's changes: a copy of those retains and releases their
  /// arrays, in every frame.
  package init(
    cursor: Point?, focus: Point?, showingFocus: Bool, followsHiddenFocus: Bool = true
  ) {
    point = cursor ?? (showingFocus || followsHiddenFocus ? focus : nil)
    isShown = cursor != nil || (showingFocus && point != nil)
  }
}

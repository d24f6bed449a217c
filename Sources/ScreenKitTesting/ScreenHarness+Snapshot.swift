import ScreenKit

extension ScreenHarness {
  /// What the screen shows now, styles and cursor included; see ``ScreenSnapshot``.
  public func snapshot() -> ScreenSnapshot {
    renderIfNeeded()
    return ScreenSnapshot(grid: stage.canvas.grid, cursor: snapshotCursor)
  }

  /// Where the terminal's cursor would show, or `nil` when it is hidden.
  ///
  /// NB: the one place a snapshot reads the cursor. The stage has no notion of a cursor yet, so
  /// every snapshot says `cursor: hidden`; when screens can place one, this reads it.
  var snapshotCursor: Point? { nil }
}

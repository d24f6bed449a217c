import ScreenKit

extension ScreenHarness {
  /// What the screen shows now, styles and cursor included; see ``ScreenSnapshot``.
  public func snapshot() -> ScreenSnapshot {
    renderIfNeeded()
    return ScreenSnapshot(grid: stage.canvas.grid, cursor: cursor)
  }
}

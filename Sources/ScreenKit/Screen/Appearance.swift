/// Where a screen is in its appearance cycle.
public enum Appearance: Hashable, Sendable {
  /// Not visible (the state before the first appearance and after each disappearance).
  case disappeared
  /// `willAppear` has run, `didAppear` not yet.
  case appearing
  /// Visible.
  case appeared
  /// `willDisappear` has run, `didDisappear` not yet.
  case disappearing
}

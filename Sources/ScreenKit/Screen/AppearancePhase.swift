/// Where a screen is in its appearance cycle: the lifecycle phase, not its look.
public enum AppearancePhase: Hashable, Sendable {
  /// Not visible (the state before the first appearance and after each disappearance).
  case disappeared
  /// `willAppear` has run, `didAppear` not yet.
  case appearing
  /// Visible.
  case appeared
  /// `willDisappear` has run, `didDisappear` not yet.
  case disappearing
}

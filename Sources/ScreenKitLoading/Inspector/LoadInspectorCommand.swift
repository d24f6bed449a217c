import ScreenKit

/// The stage's key command (`Stage.loadInspectorKey`) that opens the load inspector in an
/// overlay over the root, or closes it when it is open.
@MainActor
final class LoadInspectorCommand: StageKeyCommand {
  /// The inspector's overlay, while it is presented.
  private weak var overlay: OverlayScreen?

  func perform(on stage: Stage) {
    if let overlay, overlay.isPresented {
      overlay.dismiss()
      return
    }
    let inspector = LoadInspectorScreen()
    let overlay = OverlayScreen(
      content: inspector, title: inspector.title,
      preferredContentSize: Self.contentSize(on: stage.size))
    // NB: the loads it shows go on as they would without it: refreshing on an interval.
    overlay.pausesScreensUnderneath = false
    stage.root.presentOverlay(overlay)
    self.overlay = overlay
  }

  /// The size of the inspector's table on a stage of `size`.
  ///
  /// It fills the stage but for the top and bottom rows, which keep showing the screen under
  /// it: the refresh badge that an action starts, a navigation hint bar. The inspector keeps
  /// its overlay at this size as the stage is resized.
  static func contentSize(on size: Size) -> Size {
    let insets = OverlayScreen.contentInsets
    return Size(
      width: max(0, size.width - insets.left - insets.right),
      height: max(0, size.height - 2 - insets.top - insets.bottom))
  }
}

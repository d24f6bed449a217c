extension Stage {
  /// Opens the load inspector in an overlay over the root, or closes it when it is open.
  func toggleLoadInspector() {
    if let overlay = loadInspector, overlay.isPresented {
      overlay.dismiss()
      return
    }
    let inspector = LoadInspectorScreen()
    let overlay = OverlayScreen(
      content: inspector, title: inspector.title, preferredContentSize: loadInspectorContentSize)
    // NB: the loads it shows go on as they would without it: refreshing on an interval.
    overlay.pausesScreensUnderneath = false
    root.presentOverlay(overlay)
    loadInspector = overlay
  }

  /// The inspector's table fills the stage but for the top and bottom rows, which keep showing
  /// the screen under it: the refresh badge that an action starts, a navigation hint bar.
  var loadInspectorContentSize: Size {
    let insets = OverlayScreen.contentInsets
    return Size(
      width: max(0, size.width - insets.left - insets.right),
      height: max(0, size.height - 2 - insets.top - insets.bottom))
  }
}

import ScreenKit

// The children a controller shows for its load, one step of the load at a time: the spinner
// (or custom loading screen), the content built from the value, the error screen, and the
// refresh badge over the content; and where focus goes as they come and go.
extension LoadingController {
  /// Brings the children in line with one step of the load: the spinner first (so a value
  /// replaces it), then the value, then what the state shows (error screen, refresh badge).
  func react(to event: LoadEvent<Value>) {
    setSpinnerVisible(event.isSpinnerVisible)
    (loadingScreen as? SpinnerScreen)?.progress = event.progress
    if let value = event.value { show(value) }
    if event.stateChanged { stateDidChange(event.state) }
  }

  private func setSpinnerVisible(_ visible: Bool) {
    if visible, loadingScreen == nil, content == nil {
      let screen =
        makeLoadingScreen?() ?? SpinnerScreen(style: options.spinner, label: options.label)
      loadingScreen = screen
      removeErrorScreen()
      addChild(screen)
      if holdsFocus { screen.becomeFocused() }
    } else if !visible, let screen = loadingScreen {
      loadingScreen = nil
      screen.removeFromParent()
    }
  }

  private func show(_ value: Value) {
    if let content, let update {
      update(content, value)
      return
    }
    let built = build(value)
    removeErrorScreen()
    if let content { content.removeFromParent() }
    content = built
    insertChild(built, at: 0)
    if holdsFocus { built.becomeFocusedIfPossible() }
    chromeDidChange()
  }

  /// Whether the screen it shows next may take the focus.
  ///
  /// It may when nothing has the focus, or the controller or one of its screens does. Focus
  /// elsewhere, in a modal overlay over it say (even one presented on the controller itself),
  /// stays there.
  private var holdsFocus: Bool {
    var node = stage?.focusedScreen
    while let screen = node, screen !== self {
      if screen.isModal { return false }
      node = screen.parent
    }
    // NB: the walk ended at the controller, or above the root: nothing of this hierarchy had
    // the focus only when there was no focused screen at all.
    return node === self || stage?.focusedScreen == nil
  }

  private func stateDidChange(_ state: LoadState<Value>) {
    switch state {
    case .failed(let error, nil):
      if errorScreen == nil {
        let screen = ErrorScreen(error: error) { [weak self] in self?.reload() }
        errorScreen = screen
        addChild(screen)
        if holdsFocus { screen.becomeFocused() }
        chromeDidChange()
      }
      setBadge(refreshing: false, error: nil)
    case .failed(let error, _):
      setBadge(refreshing: false, error: RefreshBadge.Failure(error))
    case .refreshing:
      setBadge(refreshing: true, error: nil)
    case .loading:
      removeErrorScreen()
      setBadge(refreshing: false, error: nil)
    case .idle, .loaded:
      setBadge(refreshing: false, error: nil)
    }
    onStateChange?(state)
  }

  private func removeErrorScreen() {
    guard let screen = errorScreen else { return }
    errorScreen = nil
    screen.removeFromParent()
    chromeDidChange()
  }

  private func setBadge(refreshing: Bool, error: RefreshBadge.Failure?) {
    guard refreshing || error != nil else {
      refreshBadge?.removeFromParent()
      refreshBadge = nil
      return
    }
    let badge = refreshBadge ?? RefreshBadge()
    badge.error = error
    if refreshBadge == nil {
      refreshBadge = badge
      addChild(badge)
    }
    setNeedsLayout()
  }
}

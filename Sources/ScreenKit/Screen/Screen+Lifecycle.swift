// The appearance machinery: `will` calls run parents first, `did` calls children first, so
// children appear after their parent's `willAppear` and disappear before its `didDisappear`.
extension Screen {
  func beginAppearance() {
    guard appearancePhase == .disappeared || appearancePhase == .disappearing else { return }
    if !isLoaded {
      isLoaded = true
      report(.didLoad)
      didLoad()
    }
    appearancePhase = .appearing
    report(.willAppear)
    willAppear()
    // Children added during `willAppear` already began theirs; the guard skips them.
    for child in children where child.parent === self {
      child.beginAppearance()
    }
  }

  func endAppearance() {
    guard appearancePhase == .appearing else { return }
    for child in children where child.parent === self {
      child.endAppearance()
    }
    appearancePhase = .appeared
    report(.didAppear)
    didAppear()
    for attachment in attachments { attachment.screenDidAppear(self) }
  }

  func beginDisappearance() {
    guard appearancePhase == .appeared || appearancePhase == .appearing else { return }
    appearancePhase = .disappearing
    report(.willDisappear)
    willDisappear()
    for attachment in attachments { attachment.screenWillDisappear(self) }
    for child in children where child.parent === self {
      child.beginDisappearance()
    }
  }

  func endDisappearance() {
    guard appearancePhase == .disappearing else { return }
    for child in children where child.parent === self {
      child.endDisappearance()
    }
    appearancePhase = .disappeared
    report(.didDisappear)
    didDisappear()
  }

  func sendWillMove(toParent parent: Screen?) {
    report(.willMove(toParent: parent?.name), formerStage: stage ?? parent?.stageInChain)
    willMove(toParent: parent)
  }

  func sendDidMove(toParent parent: Screen?, formerStage: Stage? = nil) {
    report(.didMove(toParent: parent?.name), formerStage: formerStage)
    didMove(toParent: parent)
  }

  /// Reports to the screen's own observer and to the stage it is on, or was or will be on
  /// around a move.
  ///
  /// Without an observer nothing is made: an event names its screen, and naming is not free.
  private func report(_ hook: @autoclosure () -> LifecycleEvent.Hook, formerStage: Stage? = nil) {
    let stageObserver = (formerStage ?? stageInChain)?.lifecycleObserver
    guard stageObserver != nil || !lifecycleObservers.isEmpty else { return }
    let event = LifecycleEvent(name, hook(), screenSerialNumber: serialNumber)
    for observer in lifecycleObservers { observer(event) }
    stageObserver?(event)
  }

  /// The stage of this screen or of its nearest ancestor that has one.
  var stageInChain: Stage? {
    var ancestor: Screen? = self
    while let screen = ancestor {
      if let stage = screen.stage { return stage }
      ancestor = screen.parent
    }
    return nil
  }
}

extension Screen {
  /// Calls `observer` with each lifecycle call made on this screen, on a stage or not, after
  /// any observers added before it.
  public func observeLifecycle(_ observer: @escaping @MainActor (LifecycleEvent) -> Void) {
    lifecycleObservers.append(observer)
  }
}

import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// A loaded value refreshing on an interval while its screen shows, the same for both
/// variants; no timer exists while the interval is paused.
extension LoadingBehaviorTests {
  /// Loads "v1" at virtual time zero into a screen refreshing every 10 s, shown by `root`
  /// (the screen itself when `nil`).
  private func polling(
    _ variant: LoadingVariant, _ loader: FakeLoader<String>,
    refreshesWhileUnfocused: Bool = true, root: ((Screen) -> Screen)? = nil
  ) async -> (ScreenHarness, LoadingSubject) {
    let options = LoadOptions(
      refreshInterval: .seconds(10), refreshesWhileUnfocused: refreshesWhileUnfocused)
    let subject = variant.make(loader.source(.async), options: options)
    let harness = ScreenHarness(root: root?(subject.screen) ?? subject.screen, size: Self.size)
    await harness.settle()
    loader.resolve("v1")
    await harness.settle()
    #expect(subject.state() == .loaded("v1"))
    return (harness, subject)
  }

  @Test(arguments: all)
  func theIntervalRefreshesUnderTheBadgeWhileTheScreenShows(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = await polling(variant, loader)
    #expect(harness.stage.scheduler.pendingTimerCount == 1)
    await harness.advance(by: .milliseconds(9_999))
    #expect(loader.callCount == 1)
    await harness.advance(by: .milliseconds(1))
    #expect(loader.callCount == 2)
    #expect(subject.state() == .refreshing("v1"))
    #expect(harness.lines[0].hasPrefix("content: v1"))
    #expect(harness.contains("⟳ refreshing"))

    // The next refresh comes an interval after the answer, not after the start.
    await harness.advance(by: .seconds(3))
    loader.resolve("v2")
    await harness.settle()
    expectScreen(harness, ["content: v2"])
    await harness.advance(by: .milliseconds(9_999))
    #expect(loader.callCount == 2)
    await harness.advance(by: .milliseconds(1))
    #expect(loader.callCount == 3)
    loader.resolve("v3")
    await harness.settle()
    #expect(subject.state() == .loaded("v3"))
    await harness.finish()
  }

  @Test(arguments: all)
  func aSlowRefreshIsNotDoubledByTheInterval(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, _) = await polling(variant, loader)
    await harness.advance(by: .seconds(10))
    #expect(loader.callCount == 2)
    await harness.advance(by: .seconds(45))
    #expect(loader.callCount == 2, "no tick while the refresh is in flight")
    #expect(loader.cancellationCount == 0)
    loader.resolve("v2")
    await harness.finish()
  }

  @Test(arguments: all)
  func aFailedIntervalRefreshKeepsTheValueAndTriesAgainAnIntervalLater(
    variant: LoadingVariant
  ) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = await polling(variant, loader)
    await harness.advance(by: .seconds(10))
    loader.reject(SampleError())
    await harness.settle()
    #expect(subject.state() == .failed(SampleError(), lastValue: "v1"))
    #expect(harness.contains("✖ refresh failed"))
    await harness.advance(by: .seconds(10))
    #expect(loader.callCount == 3)
    loader.resolve("v2")
    await harness.settle()
    expectScreen(harness, ["content: v2"])
    await harness.finish()
  }

  @Test(arguments: all)
  func aPushedScreenPausesTheIntervalAndPoppingResumesIt(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    var navigation: NavigationScreen?
    let (harness, _) = await polling(variant, loader) { screen in
      let made = NavigationScreen(root: screen)
      navigation = made
      return made
    }
    await harness.advance(by: .seconds(4))
    navigation?.push(TextScreen(text: "detail"))
    await harness.settle()
    #expect(harness.pendingWork.isEmpty, "no timer while covered: \(harness.pendingWork)")
    await harness.advance(by: .seconds(60))
    #expect(loader.callCount == 1)

    // The refresh that fell due meanwhile comes at once.
    navigation?.pop()
    await harness.settle()
    #expect(loader.callCount == 2)
    loader.resolve("v2")
    await harness.settle()
    await harness.advance(by: .seconds(10))
    #expect(loader.callCount == 3)
    loader.resolve("v3")
    await harness.finish()
  }

  @Test(arguments: all)
  func anOverlayPausesTheIntervalAndDismissingResumesIt(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, _) = await polling(variant, loader)
    await harness.advance(by: .seconds(4))
    let overlay = harness.root.presentOverlay(TextScreen(text: "Sure?"), title: "Confirm")
    await harness.settle()
    #expect(harness.pendingWork.isEmpty, "no timer while covered: \(harness.pendingWork)")
    await harness.advance(by: .seconds(3))
    overlay.dismiss()
    await harness.settle()
    // Not yet due: it comes ten seconds after the answer, as if never paused.
    #expect(loader.callCount == 1)
    await harness.advance(by: .seconds(3))
    #expect(loader.callCount == 2)
    loader.resolve("v2")
    await harness.finish()
  }

  @Test(arguments: all)
  func anOverlayOverWhatTheScreenShowsPausesTheIntervalToo(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, _) = await polling(variant, loader)
    // A container's content presents it over itself, inside the container.
    let presenter = harness.root.children.first { !$0.isFloating } ?? harness.root
    let overlay = presenter.presentOverlay(TextScreen(text: "Sure?"))
    await harness.settle()
    #expect(harness.pendingWork.isEmpty, "no timer while covered: \(harness.pendingWork)")
    overlay.dismiss()
    await harness.settle()
    #expect(harness.stage.scheduler.pendingTimerCount == 1)
    await harness.finish()
  }

  @Test(arguments: all)
  func theIntervalGoesOnWhileUnfocusedUnlessAskedToPause(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, _) = await polling(variant, loader)
    harness.setTerminalFocus(false)
    await harness.advance(by: .seconds(10))
    #expect(loader.callCount == 2, "a dashboard is watched from another pane")
    loader.resolve("v2")
    await harness.finish()

    let paused = FakeLoader<String>()
    let (second, _) = await polling(variant, paused, refreshesWhileUnfocused: false)
    await second.advance(by: .seconds(4))
    second.setTerminalFocus(false)
    #expect(second.pendingWork.isEmpty, "no timer while unfocused: \(second.pendingWork)")
    await second.advance(by: .seconds(60))
    #expect(paused.callCount == 1)
    second.setTerminalFocus(true)
    #expect(paused.callCount == 2, "the refresh that fell due meanwhile comes at once")
    paused.resolve("v2")
    await second.finish()
  }

  @Test(arguments: all)
  func removingTheScreenLeavesNoTimer(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let holder = Holder()
    let (harness, subject) = await polling(variant, loader) { screen in
      holder.addChild(screen)
      return holder
    }
    #expect(harness.stage.scheduler.pendingTimerCount == 1)
    subject.screen.removeFromParent()
    #expect(harness.pendingWork.isEmpty, "\(harness.pendingWork)")
    await harness.advance(by: .seconds(60))
    #expect(loader.callCount == 1)
    await harness.finish()
  }
}

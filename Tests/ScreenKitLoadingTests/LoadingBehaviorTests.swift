import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// One behavioural suite for both loading variants: the container and the protocol extension.
@MainActor
@Suite struct LoadingBehaviorTests {
  nonisolated static let size = Size(width: 30, height: 5)
  nonisolated static let all = LoadingVariant.allCases
  nonisolated static let everyForm: [(LoadingVariant, FakeLoader<String>.Form)] = LoadingVariant
    .allCases
    .flatMap { variant in FakeLoader<String>.Form.allCases.map { (variant, $0) } }

  private func mount(
    _ variant: LoadingVariant, _ loader: FakeLoader<String>, form: FakeLoader<String>.Form = .async,
    options: LoadOptions = LoadOptions()
  ) -> (ScreenHarness, LoadingSubject) {
    let subject = variant.make(loader.source(form), options: options)
    return (ScreenHarness(root: subject.screen, size: Self.size), subject)
  }

  @Test(arguments: everyForm)
  func nothingLoadsBeforeTheScreenAppears(variant: LoadingVariant, form: FakeLoader<String>.Form)
    async
  {
    let loader = FakeLoader<String>()
    let subject = variant.make(loader.source(form))
    #expect(loader.callCount == 0)
    #expect(subject.state() == .idle)
    let harness = ScreenHarness(root: subject.screen, size: Self.size)
    #expect(loader.callCount == 1)
    #expect(subject.state() == .loading)
    loader.resolve("x")
    await harness.finish()
  }

  @Test(arguments: everyForm)
  func spinnerShowsAfterTheShowDelayUntilLoadCompletes(
    variant: LoadingVariant, form: FakeLoader<String>.Form
  ) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = mount(variant, loader, form: form)
    await harness.advance(by: .milliseconds(149))
    #expect(!harness.contains("Loading…"))
    await harness.advance(by: .milliseconds(1))
    // Frames follow the clock (150 ms is frame 1 at 80 ms a frame), so spinners turn together.
    expectScreen(harness, ["", "", "          ⠙ Loading…", "", ""])
    await harness.advance(by: .milliseconds(80))
    expectScreen(harness, ["", "", "          ⠹ Loading…", "", ""])
    await harness.advance(by: .seconds(2))
    #expect(harness.contains("Loading…"))
    loader.resolve("Swift")
    await harness.settle()
    expectScreen(harness, ["content: Swift"])
    #expect(subject.state() == .loaded("Swift"))
    await harness.finish()
  }

  @Test(arguments: all)
  func aCallbackHandedOnlyACompletionLoadsLikeAnyOtherSource(variant: LoadingVariant) async {
    let subject = variant.make(.callback { completion in completion(.success("at once")) })
    let harness = ScreenHarness(root: subject.screen, size: Self.size)
    await harness.settle()
    expectScreen(harness, ["content: at once"])
    #expect(subject.state() == .loaded("at once"))
    await harness.finish()
  }

  @Test(arguments: all)
  func aLoadFasterThanTheShowDelayNeverDrawsTheSpinner(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, _) = mount(variant, loader)
    await harness.advance(by: .milliseconds(100))
    loader.resolve("quick")
    await harness.advance(by: .milliseconds(500))
    #expect(!harness.stage.canvas.grid.lines.joined().contains("Loading"))
    expectScreen(harness, ["content: quick"])
    await harness.finish()
  }

  @Test(arguments: all)
  func onceShownTheSpinnerStaysForTheMinimumTime(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, _) = mount(variant, loader)
    await harness.advance(by: .milliseconds(200))
    loader.resolve("done")
    await harness.advance(by: .milliseconds(300))
    #expect(harness.contains("Loading…"))
    await harness.advance(by: .milliseconds(50))
    expectScreen(harness, ["content: done"])
    await harness.finish()
  }

  @Test(arguments: everyForm)
  func failureShowsTheErrorScreenWithRetry(variant: LoadingVariant, form: FakeLoader<String>.Form)
    async
  {
    let loader = FakeLoader<String>()
    let (harness, subject) = mount(variant, loader, form: form)
    loader.reject(SampleError())
    await harness.settle()
    #expect(harness.contains("✖ Could not load"))
    #expect(harness.contains("The server is down"))
    #expect(harness.contains("[r] Retry"))
    #expect(subject.state().error != nil)
    await harness.finish()
  }

  @Test(arguments: everyForm)
  func retryCallsLoadAgainAndTheSpinnerComesBack(
    variant: LoadingVariant, form: FakeLoader<String>.Form
  ) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = mount(variant, loader, form: form)
    loader.reject(SampleError())
    await harness.settle()
    harness.press("r")
    #expect(loader.callCount == 2)
    #expect(subject.state() == .loading)
    await harness.advance(by: .milliseconds(150))
    #expect(harness.contains("Loading…"))
    #expect(!harness.contains("Could not load"))
    loader.resolve("second")
    await harness.advance(by: .milliseconds(400))
    expectScreen(harness, ["content: second"])
    await harness.finish()
  }

  @Test(arguments: all)
  func enterRetriesToo(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, _) = mount(variant, loader)
    loader.reject(SampleError())
    await harness.settle()
    harness.press(.enter)
    #expect(loader.callCount == 2)
    loader.resolve("ok")
    await harness.finish()
  }

  @Test(arguments: everyForm)
  func lateCompletionAfterRemovalMountsNothing(
    variant: LoadingVariant, form: FakeLoader<String>.Form
  ) async {
    let loader = FakeLoader<String>()
    let holder = Holder()
    let subject = variant.make(loader.source(form))
    holder.addChild(subject.screen)
    let harness = ScreenHarness(root: holder, size: Self.size)
    await harness.advance(by: .milliseconds(200))
    subject.screen.removeFromParent()
    #expect(loader.cancellationCount == 1)
    loader.resolve("too late")
    await harness.settle()
    #expect(subject.state() == .idle)
    #expect(subject.screen.subtreeCount == 1)
    #expect(!harness.contains("too late"))
    await harness.finish()
  }

  @Test(arguments: all)
  func aSecondCompletionIsIgnored(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = mount(variant, loader, form: .callback)
    loader.completeTwice(.success("first"), then: .success("second"))
    await harness.settle()
    #expect(subject.state() == .loaded("first"))
    expectScreen(harness, ["content: first"])
    await harness.finish()
  }

  @Test(arguments: all)
  func completionFromAnotherThreadIsDeliveredOnTheMainActor(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = mount(variant, loader, form: .callback)
    await Task.detached { loader.resolve("threaded") }.value
    #expect(subject.state() == .loading)
    await harness.settle()
    #expect(subject.state() == .loaded("threaded"))
    expectScreen(harness, ["content: threaded"])
    await harness.finish()
  }

  @Test(arguments: all)
  func aSynchronousCompletionIsNotHeldForASpinnerThatWasNeverDrawn(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    loader.answerImmediately(with: .success("cached"))
    let subject = variant.make(loader.source(.callback), options: LoadOptions(showDelay: .zero))
    let harness = ScreenHarness(root: subject.screen, size: Self.size)
    #expect(harness.frameCount == 1)
    expectScreen(harness, ["content: cached"])
    #expect(subject.state() == .loaded("cached"))
    await harness.finish()
  }

  @Test(arguments: all)
  func synchronousCompletionNeverDrawsTheSpinner(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    loader.answerImmediately(with: .success("cached"))
    let subject = variant.make(
      loader.source(.callback), options: LoadOptions(showDelay: .zero, minimumVisible: .zero))
    let harness = ScreenHarness(root: subject.screen, size: Self.size)
    #expect(harness.frameCount == 1)
    expectScreen(harness, ["content: cached"])
    #expect(subject.state() == .loaded("cached"))
    await harness.finish()
  }

  @Test(arguments: all)
  func refreshKeepsContentVisibleWithAnIndicatorAndJoinsRunningRefreshes(
    variant: LoadingVariant
  ) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = mount(variant, loader)
    loader.resolve("v1")
    await harness.settle()
    harness.press("r")
    harness.press("r")
    let refresh = subject.screen.environment.refresh
    #expect(refresh != nil)
    #expect(loader.callCount == 2)
    #expect(subject.state() == .refreshing("v1"))
    #expect(harness.contains("content: v1"))
    #expect(harness.contains("⟳ refreshing"))
    loader.resolve("v2")
    await harness.settle()
    #expect(subject.state() == .loaded("v2"))
    expectScreen(harness, ["content: v2"])
    await harness.finish()
  }

  @Test(arguments: all)
  func aFailedRefreshKeepsTheOldContentAndShowsADismissableError(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = mount(variant, loader)
    loader.resolve("v1")
    await harness.settle()
    harness.press("r")
    loader.reject(SampleError())
    await harness.settle()
    #expect(harness.contains("content: v1"))
    #expect(harness.contains("refresh failed"))
    harness.press(.escape)
    #expect(subject.state() == .loaded("v1"))
    #expect(!harness.contains("refresh failed"))
    await harness.finish()
  }

  @Test(arguments: all)
  func theRefreshBadgeAndTheRefreshErrorAreDrawnAlikeByBothVariants(variant: LoadingVariant)
    async
  {
    let loader = FakeLoader<String>()
    let (harness, _) = mount(variant, loader)
    loader.resolve("v1")
    await harness.settle()
    harness.press("r")
    expectScreen(harness, ["content: v1      ⟳ refreshing"])
    loader.reject(SampleError())
    await harness.settle()
    expectScreen(
      harness,
      [
        "content: v1", "", "", " ✖ refresh failed: The server…",
        " r retry · Esc dismiss",
      ])
    await harness.finish()
  }

  /// Pushes the subject on a navigation stack over a focusable list and loads `value`.
  private func pushLoaded(
    _ variant: LoadingVariant, _ loader: FakeLoader<String>, value: String
  ) async -> (ScreenHarness, LoadingSubject, NavigationScreen) {
    let subject = variant.make(loader.source(.async))
    let navigation = NavigationScreen(root: ProbeScreen("List", focusable: true))
    let harness = ScreenHarness(root: navigation, size: Self.size)
    navigation.push(subject.screen)
    await harness.settle()
    loader.resolve(value)
    await harness.settle()
    #expect(harness.contains("content: \(value)"))
    return (harness, subject, navigation)
  }

  @Test(arguments: all)
  func onANavigationStackRRefreshesThePushedScreen(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject, _) = await pushLoaded(variant, loader, value: "v1")
    #expect(harness.press("r"))
    #expect(loader.callCount == 2)
    #expect(harness.contains("⟳ refreshing"))
    loader.resolve("v2")
    await harness.settle()
    #expect(harness.contains("content: v2"))
    #expect(subject.state() == .loaded("v2"))
    await harness.finish()
  }

  @Test(arguments: all)
  func onANavigationStackEscDismissesARefreshErrorBeforeGoingBack(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject, navigation) = await pushLoaded(variant, loader, value: "v1")
    harness.press("r")
    loader.reject(SampleError())
    await harness.settle()
    #expect(harness.contains("refresh failed"))
    harness.press(.escape)
    #expect(!harness.contains("refresh failed"))
    #expect(harness.contains("content: v1"))
    #expect(navigation.topScreen === subject.screen)
    harness.press(.escape)
    #expect(navigation.topScreen !== subject.screen)
    await harness.finish()
  }

  @Test(arguments: all)
  func progressShowsABarAndAMessage(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, _) = mount(variant, loader)
    await harness.advance(by: .milliseconds(150))
    loader.report(fraction: 0.5, message: "Fetching page 2")
    await harness.settle()
    #expect(harness.contains("50%"))
    #expect(harness.contains("Fetching page 2"))
    loader.resolve("x")
    await harness.finish()
  }

  @Test(arguments: everyForm)
  func aLoadThatTakesTooLongFailsWithATimeoutAndIsCancelled(
    variant: LoadingVariant, form: FakeLoader<String>.Form
  ) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = mount(
      variant, loader, form: form, options: LoadOptions(timeout: .seconds(5)))
    await harness.advance(by: .seconds(5))
    #expect(subject.state().error is LoadTimeoutError)
    #expect(harness.contains("Timed out after 5.0 seconds"))
    #expect(loader.cancellationCount == 1)
    await harness.finish()
  }

  @Test(arguments: all)
  func aRetryPolicyTriesAgainWithBackoffBeforeShowingTheError(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let options = LoadOptions(retry: RetryPolicy(retries: 2, initialBackoff: .seconds(1)))
    let (harness, subject) = mount(variant, loader, options: options)
    loader.reject(SampleError())
    await harness.settle()
    #expect(subject.state() == .loading)
    await harness.advance(by: .milliseconds(999))
    #expect(loader.callCount == 1)
    await harness.advance(by: .milliseconds(1))
    #expect(loader.callCount == 2)
    loader.reject(SampleError())
    await harness.advance(by: .seconds(2))
    #expect(loader.callCount == 3)
    loader.reject(SampleError())
    await harness.settle()
    #expect(subject.state().error != nil)
    await harness.finish()
  }

  @Test(arguments: all)
  func theTitleIsTheContentsOnceLoaded(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = mount(variant, loader)
    loader.resolve("7")
    await harness.settle()
    #expect(subject.screen.title == "Detail 7")
    await harness.finish()
  }

  @Test(arguments: everyForm)
  func nothingIsLeakedAfterRemoval(variant: LoadingVariant, form: FakeLoader<String>.Form) async {
    let holder = Holder()
    let harness = ScreenHarness(root: holder, size: Self.size)
    weak var weakScreen: Screen?
    weak var weakLoader: FakeLoader<String>?
    do {
      let loader = FakeLoader<String>()
      weakLoader = loader
      let subject = variant.make(loader.source(form))
      weakScreen = subject.screen
      holder.addChild(subject.screen)
      await harness.advance(by: .milliseconds(300))
      subject.screen.removeFromParent()
    }
    await harness.settle()
    #expect(weakScreen == nil)
    #expect(weakLoader == nil)
    await harness.finish()
  }

  @Test(arguments: all)
  func aSpinnerThatIsNotOnScreenDoesNotTick(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let holder = Holder()
    let subject = variant.make(loader.source(.async))
    holder.addChild(subject.screen)
    let harness = ScreenHarness(root: holder, size: Self.size)
    await harness.advance(by: .milliseconds(200))
    #expect(harness.stage.scheduler.pendingTimerCount > 0)
    subject.screen.removeFromParent()
    #expect(harness.stage.scheduler.pendingTimerCount == 0)
    await harness.finish()
  }

  @Test(arguments: all)
  func eachSpinnerFrameRedrawsOnlyTheSpinnersCells(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, _) = mount(variant, loader)
    await harness.advance(by: .milliseconds(150))
    let changes = harness.stage.frame()
    #expect(changes.isEmpty && changes.redrawn.isEmpty)
    await harness.advance(by: .milliseconds(9))
    #expect(!harness.stage.needsFrame)
    await harness.clock.advanceAndRender(harness, by: .milliseconds(1)) { changes in
      #expect(changes.redrawn == [Rect(x: 10, y: 2, width: 1, height: 1)])
      #expect(changes.runs == [CellRun(y: 2, x: 10, count: 1)])
    }
    loader.resolve("x")
    await harness.finish()
  }

  @Test(arguments: all)
  func escapeCancelsALoadWhenConfigured(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = mount(variant, loader, options: LoadOptions(escapeCancels: true))
    await harness.advance(by: .milliseconds(200))
    #expect(harness.press(.escape))
    #expect(subject.state() == .idle)
    #expect(loader.cancellationCount == 1)
    await harness.finish()
  }

  @Test(arguments: all)
  func keysTheLoadingStateDoesNotUseGoOnToTheParent(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let parent = ProbeScreen("Parent", handles: ["q", "x"])
    let subject = variant.make(loader.source(.async))
    parent.addChild(subject.screen)
    let harness = ScreenHarness(root: parent, size: Self.size)
    await harness.advance(by: .milliseconds(200))
    #expect(harness.press("q"))
    loader.reject(SampleError())
    await harness.advance(by: .seconds(1))
    #expect(harness.contains("The server is down"))
    #expect(harness.press("x"))
    #expect(parent.receivedKeys == ["q", "x"])
    #expect(harness.press("r"))
    #expect(loader.callCount == 2)
    loader.resolve("back")
    await harness.advance(by: .seconds(1))
    expectScreen(harness, ["content: back"])
    await harness.finish()
  }
}

extension VirtualClock {
  /// Advances and hands the changes of the single frame that follows to `check`.
  @MainActor
  func advanceAndRender(
    _ harness: ScreenHarness, by duration: Duration, check: (FrameChanges) -> Void
  ) async {
    advance(to: Instant(offset: now.offset + duration))
    harness.stage.scheduler.runDue()
    check(harness.stage.frame())
  }
}

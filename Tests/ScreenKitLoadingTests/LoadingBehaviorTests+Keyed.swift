import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// Loads keyed by a changing value (a query typed letter by letter), the same for both variants.
extension LoadingBehaviorTests {
  nonisolated static let debounce = Duration.milliseconds(300)
  nonisolated static let everyKeyedForm: [(LoadingVariant, FakeLoader<String>.Form)] =
    LoadingVariant.allCases.flatMap { variant in
      FakeLoader<String>.Form.allCases.map { (variant, $0) }
    }

  /// A screen following a query, in a holder that can take it away.
  @MainActor
  struct Keyed {
    let query: LoadKey<String>
    let backend = KeyedBackend()
    let holder = Holder()
    let subject: LoadingSubject
    let harness: ScreenHarness

    init(
      _ variant: LoadingVariant, query: String, form: FakeLoader<String>.Form? = nil,
      cache: LoadCache<String, String>? = nil,
      options: LoadOptions = LoadOptions(debounce: LoadingBehaviorTests.debounce)
    ) {
      self.query = LoadKey(query)
      subject = variant.makeKeyed(
        key: self.query, backend: backend, form: form, cache: cache, options: options)
      holder.addChild(subject.screen)
      harness = ScreenHarness(root: holder, size: LoadingBehaviorTests.size)
    }

    /// Types `text` after the query, one change per character, `interval` apart.
    func type(_ text: String, every interval: Duration = .milliseconds(100)) async {
      for character in text {
        query.value.append(character)
        await harness.advance(by: interval)
      }
    }

    /// Sets the query to `text` and waits out the debounce, so its load starts.
    func change(to text: String) async {
      query.value = text
      await harness.advance(by: LoadingBehaviorTests.debounce)
    }

    /// Answers the load of `key` and lets the answer arrive.
    func answer(_ key: String) async {
      backend.resolve(key)
      await harness.settle()
    }
  }

  /// A screen following a query whose first value, for `query`, is shown.
  private func loaded(
    _ variant: LoadingVariant, query: String = "P", form: FakeLoader<String>.Form? = nil,
    cache: LoadCache<String, String>? = nil
  ) async -> Keyed {
    let keyed = Keyed(variant, query: query, form: form, cache: cache)
    await keyed.harness.settle()
    keyed.backend.resolve(query)
    await keyed.harness.settle()
    #expect(keyed.subject.state() == .loaded(query))
    return keyed
  }

  @Test(arguments: all)
  func aKeyedSourceIsAskedOnlyForTheKeysThatLoad(variant: LoadingVariant) async {
    let keyed = await loaded(variant, form: .async)
    await keyed.type("aris")
    await keyed.harness.advance(by: Self.debounce)
    await keyed.answer("Paris")
    #expect(keyed.backend.sourcedKeys == ["P", "Paris"])
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func theFirstLoadIsNotDebounced(variant: LoadingVariant) async {
    let keyed = Keyed(variant, query: "Paris")
    #expect(keyed.subject.state() == .loading)
    await keyed.harness.settle()
    #expect(keyed.backend.loadedKeys == ["Paris"])
    await keyed.answer("Paris")
    expectScreen(keyed.harness, ["content: Paris"])
    #expect(keyed.subject.shownKey() == "Paris")
    #expect(!keyed.subject.isStale())
    await keyed.harness.finish()
  }

  @Test(arguments: everyKeyedForm)
  func typingAWordWithinTheDebounceLoadsOnceForTheWord(
    variant: LoadingVariant, form: FakeLoader<String>.Form
  ) async {
    let keyed = await loaded(variant, form: form)
    await keyed.type("aris")
    await keyed.harness.advance(by: .milliseconds(199))
    for key in ["Pa", "Par", "Pari", "Paris"] {
      #expect(keyed.backend.loader(key).callCount == 0)
    }
    #expect(keyed.harness.stage.scheduler.pendingTimerCount == 1)
    await keyed.harness.advance(by: .milliseconds(1))
    #expect(keyed.backend.loader("Paris").callCount == 1)
    #expect(keyed.backend.loader("P").callCount == 1)
    await keyed.answer("Paris")
    expectScreen(keyed.harness, ["content: Paris"])
    #expect(keyed.subject.state() == .loaded("Paris"))
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func theOldResultsStayMarkedStaleUntilTheNewOnesArrive(variant: LoadingVariant) async {
    let keyed = await loaded(variant)
    await keyed.type("aris")
    #expect(keyed.subject.state() == .refreshing("P"))
    #expect(keyed.subject.isStale())
    #expect(keyed.subject.shownKey() == "P")
    expectScreen(keyed.harness, ["content: P       ⟳ refreshing"])
    await keyed.harness.advance(by: .seconds(5))
    #expect(keyed.backend.loadedKeys == ["P", "Paris"])
    // No spinner: there is content to show while the new value loads.
    expectScreen(keyed.harness, ["content: P       ⟳ refreshing"])
    await keyed.answer("Paris")
    expectScreen(keyed.harness, ["content: Paris"])
    #expect(!keyed.subject.isStale())
    #expect(keyed.subject.shownKey() == "Paris")
    await keyed.harness.finish()
  }

  @Test(arguments: everyKeyedForm)
  func aLoadInFlightIsCancelledWhenTheKeyChangeLoads(
    variant: LoadingVariant, form: FakeLoader<String>.Form
  ) async {
    let keyed = await loaded(variant, query: "Pari", form: form)
    keyed.query.value = "Par"
    await keyed.harness.advance(by: Self.debounce)
    let par = keyed.backend.loader("Par")
    #expect(par.callCount == 1)
    keyed.query.value = "Pa"
    // The load of "Par" goes on while the change waits: going back to "Par" would keep it.
    await keyed.harness.advance(by: .milliseconds(299))
    #expect(par.cancellationCount == 0)
    await keyed.harness.advance(by: .milliseconds(1))
    #expect(par.cancellationCount == 1)
    #expect(keyed.backend.loader("Pa").callCount == 1)
    keyed.backend.loader("Pa").resolve("Pa")
    await keyed.harness.settle()
    expectScreen(keyed.harness, ["content: Pa"])
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func aSlowAnswerForAKeyNoLongerCurrentIsNeverShown(variant: LoadingVariant) async {
    let keyed = await loaded(variant)
    keyed.backend.loader("Pari").ignoreCancellation()
    await keyed.change(to: "Pari")
    #expect(keyed.backend.loadedKeys == ["P", "Pari"])
    await keyed.change(to: "Paris")
    #expect(keyed.backend.loadedKeys == ["P", "Pari", "Paris"])

    // "Pari" answers first, though cancelled: the screen still waits for "Paris".
    await keyed.answer("Pari")
    #expect(keyed.subject.state() == .refreshing("P"))
    expectScreen(keyed.harness, ["content: P       ⟳ refreshing"])
    await keyed.answer("Paris")
    #expect(keyed.subject.state() == .loaded("Paris"))
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func aSlowAnswerArrivingAfterTheCurrentOneIsDropped(variant: LoadingVariant) async {
    let keyed = await loaded(variant)
    keyed.backend.loader("Pari").ignoreCancellation()
    await keyed.change(to: "Pari")
    await keyed.change(to: "Paris")
    await keyed.answer("Paris")
    await keyed.answer("Pari")
    #expect(keyed.subject.state() == .loaded("Paris"))
    expectScreen(keyed.harness, ["content: Paris"])
    #expect(keyed.subject.shownKey() == "Paris")
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func anAnswerArrivingWhileTheKeyChangeWaitsIsNotShown(variant: LoadingVariant) async {
    let keyed = await loaded(variant)
    await keyed.change(to: "Pari")
    keyed.query.value = "Paris"
    await keyed.answer("Pari")
    #expect(keyed.subject.state() == .refreshing("P"))
    #expect(keyed.subject.shownKey() == "P")
    await keyed.harness.advance(by: Self.debounce)
    await keyed.answer("Paris")
    expectScreen(keyed.harness, ["content: Paris"])
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func anErrorKeepsTheOldResultsAndALaterKeyChangeRecovers(variant: LoadingVariant) async {
    let keyed = await loaded(variant)
    await keyed.type("x", every: Self.debounce)
    keyed.backend.loader("Px").reject(SampleError())
    await keyed.harness.settle()
    #expect(keyed.subject.state() == .failed(SampleError(), lastValue: "P"))
    #expect(keyed.subject.isStale())
    expectScreen(
      keyed.harness,
      ["content: P", "", "", " ✖ refresh failed: The server…", " r retry · Esc dismiss"])

    keyed.query.value = "Py"
    #expect(keyed.subject.state() == .refreshing("P"))
    expectScreen(keyed.harness, ["content: P       ⟳ refreshing"])
    await keyed.harness.advance(by: Self.debounce)
    await keyed.answer("Py")
    expectScreen(keyed.harness, ["content: Py"])
    #expect(keyed.subject.state() == .loaded("Py"))
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func aKeySeenBeforeShowsAtOnceFromTheCacheAndRevalidates(variant: LoadingVariant) async {
    let cache = LoadCache<String, String>()
    let keyed = await loaded(variant, cache: cache)
    await keyed.type("aris", every: .milliseconds(10))
    await keyed.harness.advance(by: Self.debounce)
    await keyed.answer("Paris")
    #expect(cache.keys == ["P", "Paris"])

    keyed.query.value = "P"
    keyed.harness.renderIfNeeded()
    expectScreen(keyed.harness, ["content: P       ⟳ refreshing"])
    #expect(keyed.subject.state() == .refreshing("P"))
    #expect(keyed.subject.shownKey() == "P")
    #expect(!keyed.subject.isStale())
    // The revalidation waits out the debounce, as any load after a key change does.
    await keyed.harness.advance(by: .milliseconds(299))
    #expect(keyed.backend.loadedKeys == ["P", "Paris"])
    await keyed.harness.advance(by: .milliseconds(1))
    #expect(keyed.backend.loadedKeys == ["P", "Paris", "P"])
    keyed.backend.loader("P").resolve("P, revised")
    await keyed.harness.settle()
    expectScreen(keyed.harness, ["content: P, revised"])
    #expect(cache.value(forKey: "P") == "P, revised")
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func settingTheSameValueAgainDoesNothing(variant: LoadingVariant) async {
    let keyed = await loaded(variant)
    let frames = keyed.harness.frameCount
    keyed.query.value = "P"
    await keyed.harness.advance(by: .seconds(1))
    #expect(keyed.backend.loadedKeys == ["P"])
    #expect(keyed.harness.frameCount == frames)

    // Nor does it put off a change that waits.
    keyed.query.value = "Pa"
    await keyed.harness.advance(by: .milliseconds(200))
    keyed.query.value = "Pa"
    await keyed.harness.advance(by: .milliseconds(100))
    #expect(keyed.backend.loadedKeys == ["P", "Pa"])
    await keyed.answer("Pa")
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func goingBackToTheShownKeyCancelsThePendingChange(variant: LoadingVariant) async {
    let keyed = await loaded(variant, query: "Paris")
    keyed.query.value = "Paris!"
    #expect(keyed.subject.isStale())
    #expect(keyed.harness.stage.scheduler.pendingTimerCount == 1)
    await keyed.harness.advance(by: .milliseconds(200))
    keyed.query.value = "Paris"
    #expect(keyed.harness.stage.scheduler.pendingTimerCount == 0)
    #expect(keyed.subject.state() == .loaded("Paris"))
    #expect(!keyed.subject.isStale())
    await keyed.harness.advance(by: .seconds(1))
    expectScreen(keyed.harness, ["content: Paris"])
    #expect(keyed.backend.loadedKeys == ["Paris"])
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func goingBackToTheShownKeyCancelsTheLoadOfAnother(variant: LoadingVariant) async {
    let keyed = await loaded(variant)
    await keyed.type("a", every: Self.debounce)
    #expect(keyed.backend.loadedKeys == ["P", "Pa"])
    keyed.query.value = "P"
    #expect(keyed.backend.loader("Pa").cancellationCount == 1)
    #expect(keyed.subject.state() == .loaded("P"))
    expectScreen(keyed.harness, ["content: P"])
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func goingBackToTheKeyInFlightKeepsItsLoad(variant: LoadingVariant) async {
    let keyed = await loaded(variant)
    await keyed.change(to: "Pari")
    keyed.query.value = "Paris"
    await keyed.harness.advance(by: .milliseconds(100))
    keyed.query.value = "Pari"
    await keyed.harness.advance(by: .seconds(1))
    #expect(keyed.backend.loadedKeys == ["P", "Pari"])
    #expect(keyed.backend.cancellationCount == 0)
    await keyed.answer("Pari")
    expectScreen(keyed.harness, ["content: Pari"])
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func removalWhileAChangeWaitsCancelsItsTimer(variant: LoadingVariant) async {
    let keyed = await loaded(variant)
    await keyed.type("ar")
    #expect(keyed.harness.stage.scheduler.pendingTimerCount == 1)
    keyed.subject.screen.removeFromParent()
    #expect(keyed.harness.stage.scheduler.pendingTimerCount == 0)
    #expect(keyed.subject.state() == .loaded("P"))
    // Off screen, the key is not followed.
    keyed.query.value = "Paris"
    await keyed.harness.advance(by: .seconds(1))
    #expect(keyed.backend.loadedKeys == ["P"])
    await keyed.harness.finish()
  }

  @Test(arguments: everyKeyedForm)
  func removalWhileTheNewKeyLoadsCancelsTheLoad(
    variant: LoadingVariant, form: FakeLoader<String>.Form
  ) async {
    let keyed = await loaded(variant, form: form)
    await keyed.type("a", every: Self.debounce)
    #expect(keyed.backend.loader("Pa").callCount == 1)
    keyed.subject.screen.removeFromParent()
    #expect(keyed.backend.loader("Pa").cancellationCount == 1)
    keyed.backend.resolve("Pa")
    await keyed.harness.settle()
    #expect(keyed.subject.state() == .loaded("P"))
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func nothingFollowingAKeyIsLeakedAfterRemoval(variant: LoadingVariant) async {
    let query = LoadKey("P")
    let holder = Holder()
    let harness = ScreenHarness(root: holder, size: Self.size)
    weak var weakScreen: Screen?
    weak var weakBackend: KeyedBackend?
    do {
      let backend = KeyedBackend()
      weakBackend = backend
      let subject = variant.makeKeyed(
        key: query, backend: backend, options: LoadOptions(debounce: Self.debounce))
      weakScreen = subject.screen
      holder.addChild(subject.screen)
      await harness.settle()
      backend.resolve("P")
      await harness.settle()
      query.value = "Pa"
      await harness.advance(by: Self.debounce)
      subject.screen.removeFromParent()
    }
    await harness.settle()
    #expect(weakScreen == nil)
    #expect(weakBackend == nil)
    // The key outlives the screen, which stopped following it.
    query.value = "Paris"
    await harness.finish()
  }

  @Test(arguments: all)
  func aScreenThatComesBackLoadsTheKeyItMissedAtOnce(variant: LoadingVariant) async {
    let keyed = await loaded(variant)
    keyed.subject.screen.removeFromParent()
    keyed.query.value = "Paris"
    keyed.holder.addChild(keyed.subject.screen)
    await keyed.harness.settle()
    #expect(keyed.backend.loadedKeys == ["P", "Paris"])
    #expect(keyed.subject.state() == .refreshing("P"))
    #expect(keyed.subject.isStale())
    await keyed.answer("Paris")
    // It follows the key again.
    await keyed.type("!", every: Self.debounce)
    #expect(keyed.backend.loadedKeys == ["P", "Paris", "Paris!"])
    await keyed.answer("Paris!")
    expectScreen(keyed.harness, ["content: Paris!"])
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func aFirstLoadThatFailedLoadsAgainWhenTheKeyChanges(variant: LoadingVariant) async {
    let keyed = Keyed(variant, query: "P")
    await keyed.harness.settle()
    keyed.backend.loader("P").reject(SampleError())
    await keyed.harness.settle()
    #expect(keyed.harness.contains("The server is down"))
    await keyed.type("a", every: Self.debounce)
    #expect(keyed.subject.state() == .loading)
    #expect(!keyed.harness.contains("The server is down"))
    await keyed.answer("Pa")
    expectScreen(keyed.harness, ["content: Pa"])
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func aRefreshDoesNotWaitForTheDebounce(variant: LoadingVariant) async {
    let keyed = await loaded(variant)
    keyed.query.value = "Pa"
    let refresh = keyed.subject.screen.environment.refresh
    let refreshed = Task { await refresh?() }
    await keyed.harness.settle()
    #expect(keyed.backend.loadedKeys == ["P", "Pa"])
    #expect(keyed.harness.stage.scheduler.pendingTimerCount == 0)
    await keyed.answer("Pa")
    await refreshed.value
    #expect(keyed.subject.state() == .loaded("Pa"))
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func withoutADebounceEachChangeLoadsAtOnce(variant: LoadingVariant) async {
    let keyed = Keyed(variant, query: "P", options: LoadOptions())
    await keyed.harness.settle()
    await keyed.answer("P")
    keyed.query.value = "Pa"
    #expect(keyed.subject.state() == .refreshing("P"))
    await keyed.harness.settle()
    #expect(keyed.backend.loadedKeys == ["P", "Pa"])
    #expect(keyed.harness.stage.scheduler.pendingTimerCount == 0)
    await keyed.answer("Pa")
    expectScreen(keyed.harness, ["content: Pa"])
    await keyed.harness.finish()
  }
}

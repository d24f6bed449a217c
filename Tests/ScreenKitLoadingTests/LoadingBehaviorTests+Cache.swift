import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// Stale-while-revalidate through a ``LoadCache``, the same for both variants.
extension LoadingBehaviorTests {
  /// Loads `key` to `value` in a screen on `holder`, then removes the screen, which the
  /// returned subject keeps alive (the journal tells screens apart by identity).
  @discardableResult
  private func loadOnce(
    _ variant: LoadingVariant, _ loader: FakeLoader<String>, form: FakeLoader<String>.Form = .async,
    cache: LoadCache<String, String>, key: String = "key", value: String,
    on holder: Holder, harness: ScreenHarness
  ) async -> LoadingSubject {
    let subject = variant.make(loader.source(form), cache: cache, key: key)
    holder.addChild(subject.screen)
    await harness.settle()
    loader.resolve(value)
    await harness.settle()
    #expect(subject.state() == .loaded(value))
    subject.screen.removeFromParent()
    await harness.settle()
    return subject
  }

  @Test(arguments: everyForm)
  func aSecondMountShowsTheCachedValueOnItsFirstFrameAndRevalidatesUnderTheBadge(
    variant: LoadingVariant, form: FakeLoader<String>.Form
  ) async {
    let loader = FakeLoader<String>()
    let cache = LoadCache<String, String>()
    let holder = Holder()
    let harness = ScreenHarness(root: holder, size: Self.size)
    let once = await loadOnce(
      variant, loader, form: form, cache: cache, value: "v1", on: holder, harness: harness)
    if form == .stream { loader.end() }
    await harness.settle()

    let frames = harness.frameCount
    let again = variant.make(loader.source(form), cache: cache, key: "key")
    holder.addChild(again.screen)
    harness.renderIfNeeded()
    #expect(harness.frameCount == frames + 1)
    #expect(harness.lines[0].hasPrefix("content: v1"))
    #expect(harness.contains("⟳ refreshing"))
    #expect(!harness.contains("Loading…"))
    #expect(again.state() == .refreshing("v1"))
    await harness.advance(by: .seconds(1))
    #expect(!harness.contains("Loading…"))
    #expect(loader.callCount == 2)

    await harness.settle()
    loader.resolve("v2")
    await harness.settle()
    expectScreen(harness, ["content: v2"])
    #expect(!harness.contains("refreshing"))
    #expect(again.state() == .loaded("v2"))
    again.screen.removeFromParent()
    await harness.finish()
    withExtendedLifetime((once, again)) {}
  }

  @Test(arguments: all)
  func aFailedRevalidationKeepsTheCachedValueAndShowsTheRefreshError(
    variant: LoadingVariant
  ) async {
    let loader = FakeLoader<String>()
    let cache = LoadCache<String, String>()
    let holder = Holder()
    let harness = ScreenHarness(root: holder, size: Self.size)
    let once = await loadOnce(
      variant, loader, cache: cache, value: "v1", on: holder, harness: harness)

    let again = variant.make(loader.source(.async), cache: cache, key: "key")
    holder.addChild(again.screen)
    await harness.settle()
    loader.reject(SampleError())
    await harness.settle()
    #expect(harness.lines[0].hasPrefix("content: v1"))
    #expect(harness.contains("✖ refresh failed"))
    #expect(again.state() == .failed(SampleError(), lastValue: "v1"))
    #expect(cache.value(forKey: "key") == "v1")
    await harness.finish()
    withExtendedLifetime(once) {}
  }

  @Test(arguments: all)
  func anEntryExpiresAfterItsTimeToLiveOnTheCachesClock(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let holder = Holder()
    let harness = ScreenHarness(root: holder, size: Self.size)
    let cache = LoadCache<String, String>(
      timeToLive: .seconds(10), clock: ScreenClock(harness.clock))
    let once = await loadOnce(
      variant, loader, cache: cache, value: "v1", on: holder, harness: harness)

    await harness.advance(by: .milliseconds(9_999))
    let fresh = variant.make(loader.source(.async), cache: cache, key: "key")
    holder.addChild(fresh.screen)
    #expect(fresh.state() == .refreshing("v1"))
    await harness.settle()
    loader.resolve("v2")
    await harness.settle()
    fresh.screen.removeFromParent()

    // The revalidation stored v2 afresh, at 9.999 s; ten seconds later it has expired.
    await harness.advance(by: .seconds(10))
    let expired = variant.make(loader.source(.async), cache: cache, key: "key")
    holder.addChild(expired.screen)
    #expect(expired.state() == .loading)
    await harness.advance(by: .milliseconds(150))
    #expect(harness.contains("Loading…"))
    #expect(!harness.contains("v2"))
    await harness.settle()
    loader.resolve("v3")
    await harness.advance(by: .milliseconds(400))
    expectScreen(harness, ["content: v3"])
    await harness.finish()
    withExtendedLifetime((once, fresh)) {}
  }

  /// Caches that hold "A" then "B" but not both: by count, and by cost (bytes).
  nonisolated static let evictingCaches: [(LoadingVariant, String)] = LoadingVariant.allCases
    .flatMap { [($0, "count"), ($0, "cost")] }

  @Test(arguments: evictingCaches)
  func anEvictedKeyLoadsWithTheSpinnerAgain(variant: LoadingVariant, limit: String) async {
    let loader = FakeLoader<String>()
    let cache =
      limit == "count"
      ? LoadCache<String, String>(countLimit: 1)
      : LoadCache<String, String>(costLimit: 6) { $0.utf8.count }
    let holder = Holder()
    let harness = ScreenHarness(root: holder, size: Self.size)
    let once = await loadOnce(
      variant, loader, cache: cache, key: "a", value: "AAAA", on: holder, harness: harness)
    let twice = await loadOnce(
      variant, loader, cache: cache, key: "b", value: "BBB", on: holder, harness: harness)
    #expect(cache.keys == ["b"])

    let evicted = variant.make(loader.source(.async), cache: cache, key: "a")
    holder.addChild(evicted.screen)
    #expect(evicted.state() == .loading)
    await harness.advance(by: .milliseconds(150))
    #expect(harness.contains("Loading…"))
    loader.resolve("AAAA")
    await harness.finish()
    withExtendedLifetime((once, twice)) {}
  }

  @Test(arguments: everyForm)
  func twoScreensOfOneKeyShareOneRequest(variant: LoadingVariant, form: FakeLoader<String>.Form)
    async
  {
    let loader = FakeLoader<String>()
    let cache = LoadCache<String, String>()
    let holder = Holder()
    let first = variant.make(loader.source(form), cache: cache, key: "key")
    let second = variant.make(loader.source(form), cache: cache, key: "key")
    holder.addChild(first.screen)
    holder.addChild(second.screen)
    let harness = ScreenHarness(root: holder, size: Self.size)
    #expect(loader.callCount == 1)
    #expect(cache.isLoading("key"))
    loader.resolve("shared")
    await harness.settle()
    #expect(first.state() == .loaded("shared"))
    #expect(second.state() == .loaded("shared"))
    #expect(loader.callCount == 1)
    await harness.finish()
  }

  @Test(arguments: everyForm)
  func cancellingOneScreenLeavesTheSharedLoadToTheOther(
    variant: LoadingVariant, form: FakeLoader<String>.Form
  ) async {
    let loader = FakeLoader<String>()
    let cache = LoadCache<String, String>()
    let holder = Holder()
    let first = variant.make(loader.source(form), cache: cache, key: "key")
    let second = variant.make(loader.source(form), cache: cache, key: "key")
    holder.addChild(first.screen)
    holder.addChild(second.screen)
    let harness = ScreenHarness(root: holder, size: Self.size)
    await harness.advance(by: .milliseconds(200))

    first.cancel()
    await harness.settle()
    #expect(first.state() == .idle)
    #expect(loader.cancellationCount == 0)
    #expect(second.state() == .loading)

    loader.resolve("kept")
    await harness.advance(by: .milliseconds(400))
    #expect(second.state() == .loaded("kept"))
    #expect(first.state() == .idle)
    #expect(loader.callCount == 1)
    await harness.finish()
  }

  @Test(arguments: everyForm)
  func cancellingEveryScreenCancelsTheSharedLoad(
    variant: LoadingVariant, form: FakeLoader<String>.Form
  ) async {
    let loader = FakeLoader<String>()
    let cache = LoadCache<String, String>()
    let holder = Holder()
    let first = variant.make(loader.source(form), cache: cache, key: "key")
    let second = variant.make(loader.source(form), cache: cache, key: "key")
    holder.addChild(first.screen)
    holder.addChild(second.screen)
    let harness = ScreenHarness(root: holder, size: Self.size)

    first.cancel()
    second.cancel()
    await harness.settle()
    #expect(loader.cancellationCount == 1)
    #expect(!cache.isLoading("key"))
    loader.resolve("too late")
    await harness.settle()
    #expect(first.state() == .idle)
    #expect(second.state() == .idle)
    #expect(cache.count == 0)
    await harness.finish()
  }

  @Test(arguments: everyForm)
  func aRetryAfterATimeoutStartsTheSourceAgainThoughAnotherScreenStillWaits(
    variant: LoadingVariant, form: FakeLoader<String>.Form
  ) async {
    let loader = FakeLoader<String>()
    let cache = LoadCache<String, String>()
    let holder = Holder()
    let options = LoadOptions(
      timeout: .seconds(5), retry: RetryPolicy(retries: 1, initialBackoff: .seconds(1)))
    let impatient = variant.make(loader.source(form), options: options, cache: cache, key: "key")
    let patient = variant.make(loader.source(form), cache: cache, key: "key")
    holder.addChild(impatient.screen)
    holder.addChild(patient.screen)
    let harness = ScreenHarness(root: holder, size: Self.size)
    #expect(loader.callCount == 1)
    await harness.advance(by: .seconds(6))
    #expect(loader.callCount == 2)
    #expect(impatient.state() == .loading)

    // The first load answers the screen still waiting for it, the second the one that retried;
    // then the patient screen, which shows the key, shows the newer value the cache got.
    loader.resolve("first")
    if form == .stream { loader.end() }
    await harness.settle()
    #expect(patient.state() == .loaded("first"))
    #expect(impatient.state() == .loading)
    loader.resolve("second")
    await harness.advance(by: .milliseconds(400))
    #expect(patient.state() == .loaded("second"))
    #expect(impatient.state() == .loaded("second"))
    #expect(cache.value(forKey: "key") == "second")
    if form == .stream { loader.end() }
    await harness.finish()
  }

  @Test(arguments: all)
  func oneCacheServesTwoStages(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let cache = LoadCache<String, String>()
    let first = variant.make(loader.source(.async), cache: cache, key: "key")
    let second = variant.make(loader.source(.async), cache: cache, key: "key")
    let one = ScreenHarness(root: first.screen, size: Self.size)
    let two = ScreenHarness(root: second.screen, size: Self.size)
    #expect(loader.callCount == 1)
    loader.resolve("both")
    await one.settle()
    await two.settle()
    expectScreen(one, ["content: both"])
    expectScreen(two, ["content: both"])

    // A third stage mounted later shows the value on its very first frame.
    let third = variant.make(loader.source(.async), cache: cache, key: "key")
    let three = ScreenHarness(root: third.screen, size: Self.size)
    #expect(three.frameCount == 1)
    #expect(three.lines[0].hasPrefix("content: both"))
    #expect(loader.callCount == 2)
    await three.settle()
    loader.resolve("newer")
    await three.settle()
    expectScreen(three, ["content: newer"])
    await one.finish()
    await two.finish()
    await three.finish()
  }

  @Test(arguments: all)
  func stagesStartedAtDifferentTimesAgreeOnAnEntrysAge(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (older, newer) = (Holder(), Holder())
    let one = ScreenHarness(root: older, size: Self.size)
    await one.advance(by: .seconds(3))
    let two = ScreenHarness(root: newer, size: Self.size)
    // The program's one clock, as the older stage reads it; time passes for both stages.
    let cache = LoadCache<String, String>(timeToLive: .seconds(2), clock: ScreenClock(one.clock))

    // What the newer stage has just stored is fresh for the older one.
    await loadOnce(variant, loader, cache: cache, key: "n", value: "N", on: newer, harness: two)
    let reader = variant.make(loader.source(.async), cache: cache, key: "n")
    older.addChild(reader.screen)
    #expect(reader.state() == .refreshing("N"))
    await one.settle()
    loader.resolve("N")
    await one.settle()

    // What the older stage stored has expired for the newer one 4 s later.
    await loadOnce(variant, loader, cache: cache, key: "o", value: "O", on: older, harness: one)
    await one.advance(by: .seconds(4))
    await two.advance(by: .seconds(4))
    let late = variant.make(loader.source(.async), cache: cache, key: "o")
    newer.addChild(late.screen)
    #expect(late.state() == .loading)
    await two.settle()
    loader.resolve("O")
    await one.finish()
    await two.finish()
  }

  @Test(arguments: all)
  func aCallbackAnsweringAtOnceThroughACacheShowsOnTheFirstFrameAndIsKept(
    variant: LoadingVariant
  ) async {
    let loader = FakeLoader<String>()
    loader.answerImmediately(with: .success("at once"))
    let cache = LoadCache<String, String>()
    let subject = variant.make(loader.source(.callback), cache: cache)
    let harness = ScreenHarness(root: subject.screen, size: Self.size)
    #expect(harness.frameCount == 1)
    expectScreen(harness, ["content: at once"])
    #expect(subject.state() == .loaded("at once"))
    #expect(cache.value(forKey: "key") == "at once")
    #expect(!cache.isLoading("key"))
    await harness.finish()
  }

  @Test(arguments: all)
  func aScreenJoiningALiveStreamGetsItsNewestValueAndItsLaterOnes(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let cache = LoadCache<String, String>()
    let holder = Holder()
    let first = variant.make(loader.source(.stream), cache: cache, key: "key")
    holder.addChild(first.screen)
    let harness = ScreenHarness(root: holder, size: Self.size)
    await harness.settle()
    loader.resolve("tick 1")
    await harness.settle()

    let second = variant.make(loader.source(.stream), cache: cache, key: "key")
    holder.addChild(second.screen)
    #expect(second.state() == .loaded("tick 1"))
    #expect(!harness.contains("refreshing"))
    loader.resolve("tick 2")
    await harness.settle()
    #expect(first.state() == .loaded("tick 2"))
    #expect(second.state() == .loaded("tick 2"))
    #expect(loader.callCount == 1)
    await harness.finish()
  }
}

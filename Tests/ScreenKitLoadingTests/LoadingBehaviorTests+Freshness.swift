import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// A cache's freshness window: a value stored less than `freshFor` ago shows without a load,
/// the same for both variants.
extension LoadingBehaviorTests {
  /// A stage whose cache keeps values fresh for a minute on the stage's clock.
  private func freshForAMinute() -> (ScreenHarness, Holder, LoadCache<String, String>) {
    let holder = Holder()
    let harness = ScreenHarness(root: holder, size: Self.size)
    let cache = LoadCache<String, String>(
      freshFor: .seconds(60), clock: ScreenClock(harness.clock))
    return (harness, holder, cache)
  }

  /// Shows a screen for "key", and removes the one shown before it.
  private func showAgain(
    _ variant: LoadingVariant, _ loader: FakeLoader<String>, cache: LoadCache<String, String>,
    on holder: Holder, replacing previous: LoadingSubject? = nil
  ) -> LoadingSubject {
    previous?.screen.removeFromParent()
    let subject = variant.make(loader.source(.async), cache: cache, key: "key")
    holder.addChild(subject.screen)
    return subject
  }

  @Test(arguments: all)
  func aValueStoredWithinFreshForShowsWithoutALoadAndAnOlderOneRevalidates(
    variant: LoadingVariant
  ) async {
    let loader = FakeLoader<String>()
    let (harness, holder, cache) = freshForAMinute()
    let first = showAgain(variant, loader, cache: cache, on: holder)
    await harness.settle()
    loader.resolve("v1")
    await harness.settle()

    await harness.advance(by: .seconds(30))
    let second = showAgain(variant, loader, cache: cache, on: holder, replacing: first)
    await harness.settle()
    #expect(second.state() == .loaded("v1"))
    #expect(!harness.contains("refreshing"))
    #expect(loader.callCount == 1, "a fresh value is not loaded again")

    // The refresh key still loads.
    second.screen.becomeFocusedIfPossible()
    harness.press("r")
    await harness.settle()
    #expect(loader.callCount == 2)
    loader.resolve("v2")
    await harness.settle()

    await harness.advance(by: .seconds(61))
    let third = showAgain(variant, loader, cache: cache, on: holder, replacing: second)
    await harness.settle()
    #expect(third.state() == .refreshing("v2"), "past freshFor, it revalidates")
    #expect(loader.callCount == 3)
    loader.resolve("v3")
    await harness.settle()
    await harness.finish()
  }

  @Test(arguments: all)
  func aPrefetchedValueWithinFreshForIsNotLoadedTwice(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder, cache) = freshForAMinute()
    cache.prefetch("key", on: harness.stage.scheduler) { try await loader.load() }
    await harness.settle()
    loader.resolve("v1")
    await harness.settle()

    let subject = showAgain(variant, loader, cache: cache, on: holder)
    await harness.settle()
    #expect(subject.state() == .loaded("v1"))
    #expect(loader.callCount == 1)
    await harness.finish()
  }

  @Test(arguments: all)
  func anInvalidatedValueIsNoLongerFresh(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder, cache) = freshForAMinute()
    cache.insert("v1", forKey: "key")
    cache.invalidate("key")
    let subject = showAgain(variant, loader, cache: cache, on: holder)
    await harness.settle()
    #expect(subject.state() == .refreshing("v1"))
    #expect(loader.callCount == 1)
    loader.resolve("v2")
    await harness.settle()
    await harness.finish()
  }

  @Test(arguments: all)
  func aKeyedScreenMovingToAFreshKeyShowsItWithoutALoad(variant: LoadingVariant) async {
    let backend = KeyedBackend()
    let (harness, _, cache) = freshForAMinute()
    cache.insert("b", forKey: "b")
    let query = LoadKey("a")
    let subject = variant.makeKeyed(
      key: query, backend: backend, cache: cache,
      options: LoadOptions(debounce: .milliseconds(100)))
    let keyed = ScreenHarness(root: subject.screen, size: Self.size, sharingTimeWith: harness)
    await keyed.settle()
    backend.resolve("a")
    await keyed.settle()

    query.value = "b"
    await keyed.advance(by: .seconds(1))
    #expect(subject.state() == .loaded("b"))
    #expect(subject.shownKey() == "b")
    #expect(!subject.isStale())
    #expect(backend.loadedKeys == ["a"])
    await keyed.finish()
    await harness.finish()
  }
}

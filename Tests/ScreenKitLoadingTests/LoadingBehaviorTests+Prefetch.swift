import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// Loading a key before its screen shows, the same for both variants.
extension LoadingBehaviorTests {
  /// A stage with nothing on it yet, a cache, and a prefetch of "key" through `loader`
  /// started on it.
  private func prefetching(
    _ loader: FakeLoader<String>
  ) async -> (ScreenHarness, Holder, LoadCache<String, String>) {
    let cache = LoadCache<String, String>()
    let holder = Holder()
    let harness = ScreenHarness(root: holder, size: Self.size)
    cache.prefetch("key", on: harness.stage.scheduler) { try await loader.load() }
    await harness.settle()
    return (harness, holder, cache)
  }

  /// Shows a screen loading "key" of `cache` through `loader`.
  private func show(
    _ variant: LoadingVariant, _ loader: FakeLoader<String>, cache: LoadCache<String, String>,
    on holder: Holder
  ) -> LoadingSubject {
    let subject = variant.make(loader.source(.async), cache: cache, key: "key")
    holder.addChild(subject.screen)
    return subject
  }

  @Test(arguments: all)
  func aScreenShownWhileItsPrefetchRunsJoinsIt(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder, cache) = await prefetching(loader)
    #expect(loader.callCount == 1)
    #expect(cache.isLoading("key"))

    let subject = show(variant, loader, cache: cache, on: holder)
    await harness.settle()
    #expect(loader.callCount == 1, "the screen joins the prefetch")
    loader.resolve("v1")
    await harness.settle()
    #expect(subject.state() == .loaded("v1"))
    await harness.finish()
  }

  @Test(arguments: all)
  func aPrefetchedValueShowsOnTheScreensFirstFrame(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder, cache) = await prefetching(loader)
    loader.resolve("v1")
    await harness.settle()
    #expect(cache.value(forKey: "key") == "v1")

    let subject = show(variant, loader, cache: cache, on: holder)
    harness.renderIfNeeded()
    #expect(harness.lines[0].hasPrefix("content: v1"))
    #expect(!harness.contains("Loading…"))
    await harness.settle()
    #expect(loader.callCount == 2, "the screen revalidates the prefetched value")
    loader.resolve("v2")
    await harness.settle()
    #expect(subject.state() == .loaded("v2"))
    await harness.finish()
  }

  @Test func aPrefetchOfAKeyHeldOrInFlightDoesNothing() async {
    let loader = FakeLoader<String>()
    let cache = LoadCache<String, String>()
    let harness = ScreenHarness(root: Holder(), size: Self.size)
    cache.prefetch("key", on: harness.stage.scheduler) { try await loader.load() }
    cache.prefetch("key", on: harness.stage.scheduler) { try await loader.load() }
    await harness.settle()
    #expect(loader.callCount == 1)
    loader.resolve("v1")
    await harness.settle()
    cache.prefetch("key", on: harness.stage.scheduler) { try await loader.load() }
    await harness.settle()
    #expect(loader.callCount == 1)
    await harness.finish()
  }

  @Test(arguments: all)
  func thePrefetchGoesOnWhenTheScreenThatJoinedItLeaves(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder, cache) = await prefetching(loader)
    let subject = show(variant, loader, cache: cache, on: holder)
    await harness.settle()
    subject.screen.removeFromParent()
    await harness.settle()
    #expect(loader.cancellationCount == 0)
    loader.resolve("v1")
    await harness.settle()
    #expect(cache.value(forKey: "key") == "v1")
    await harness.finish()
  }

  @Test(arguments: all)
  func aFailedPrefetchKeepsNothingAndTheScreenLoadsAgain(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder, cache) = await prefetching(loader)
    loader.reject(SampleError())
    await harness.settle()
    #expect(cache.count == 0)

    let subject = show(variant, loader, cache: cache, on: holder)
    await harness.settle()
    #expect(loader.callCount == 2)
    loader.resolve("v1")
    await harness.advance(by: .seconds(1))
    #expect(subject.state() == .loaded("v1"))
    await harness.finish()
  }
}

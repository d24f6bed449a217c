import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// Invalidating cache keys: every screen showing one loads it again, the same for both variants.
extension LoadingBehaviorTests {
  /// Two screens showing `key` of `cache`, loaded to "v1" through one shared load.
  private func twoScreensShowing(
    _ variant: LoadingVariant, _ loader: FakeLoader<String>, cache: LoadCache<String, String>
  ) async -> (ScreenHarness, LoadingSubject, LoadingSubject) {
    let holder = Holder()
    let first = variant.make(loader.source(.async), cache: cache, key: "key")
    let second = variant.make(loader.source(.async), cache: cache, key: "key")
    holder.addChild(first.screen)
    holder.addChild(second.screen)
    let harness = ScreenHarness(root: holder, size: Self.size)
    await harness.settle()
    #expect(loader.callCount == 1, "the second screen joins the first one's load")
    loader.resolve("v1")
    await harness.settle()
    #expect(first.state() == .loaded("v1"))
    #expect(second.state() == .loaded("v1"))
    return (harness, first, second)
  }

  @Test(arguments: all)
  func invalidatingAKeyReloadsEveryScreenShowingItUnderTheBadge(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let cache = LoadCache<String, String>()
    let (harness, first, second) = await twoScreensShowing(variant, loader, cache: cache)

    cache.invalidate("key")
    await harness.settle()
    #expect(loader.callCount == 2, "one load for both screens")
    #expect(first.state() == .refreshing("v1"))
    #expect(second.state() == .refreshing("v1"))
    harness.renderIfNeeded()
    #expect(harness.lines[0].hasPrefix("content: v1"))
    #expect(harness.contains("⟳ refreshing"))
    #expect(!harness.contains("Loading…"))

    loader.resolve("v2")
    await harness.settle()
    #expect(first.state() == .loaded("v2"))
    #expect(second.state() == .loaded("v2"))
    #expect(cache.value(forKey: "key") == "v2")
    await harness.finish()
  }

  @Test(arguments: all)
  func invalidatingDuringALoadReplacesItAndItsAnswerIsNeverShown(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    // A load that does not stop when cancelled: its answer still comes, and must not show.
    loader.ignoreCancellation()
    let cache = LoadCache<String, String>()
    let subject = variant.make(loader.source(.async), cache: cache, key: "key")
    let harness = ScreenHarness(root: subject.screen, size: Self.size)
    await harness.settle()
    #expect(loader.callCount == 1)

    cache.invalidate("key")
    await harness.settle()
    #expect(loader.callCount == 2)
    #expect(subject.state() == .loading)

    loader.resolve("before the change")
    await harness.settle()
    #expect(subject.state() == .loading, "the replaced load's answer is not shown")
    loader.resolve("after the change")
    await harness.advance(by: .seconds(1))
    #expect(subject.state() == .loaded("after the change"))
    expectScreen(harness, ["content: after the change"])
    await harness.finish()
  }

  @Test(arguments: all)
  func invalidatingWhereAPredicateSaysReloadsOnlyThoseKeys(variant: LoadingVariant) async {
    let loaders = ["a": FakeLoader<String>(), "b": FakeLoader<String>(), "c": FakeLoader<String>()]
    let cache = LoadCache<String, String>()
    let holder = Holder()
    let subjects = ["a", "b", "c"].map { key in
      variant.make(loaders[key]!.source(.async), cache: cache, key: key)
    }
    for subject in subjects { holder.addChild(subject.screen) }
    let harness = ScreenHarness(root: holder, size: Self.size)
    await harness.settle()
    for (key, loader) in loaders { loader.resolve(key) }
    await harness.settle()

    cache.invalidate { $0 != "b" }
    await harness.settle()
    #expect(loaders["a"]?.callCount == 2)
    #expect(loaders["b"]?.callCount == 1)
    #expect(loaders["c"]?.callCount == 2)
    #expect(subjects[1].state() == .loaded("b"))

    cache.invalidateAll()
    await harness.settle()
    #expect(loaders["b"]?.callCount == 2)
    #expect(loaders["a"]?.callCount == 3, "a load in flight is replaced by a new one")
    #expect(loaders["a"]?.cancellationCount == 1)
    for (key, loader) in loaders { loader.resolve(key + "2") }
    await harness.settle()
    #expect(subjects.map { $0.state() } == [.loaded("a2"), .loaded("b2"), .loaded("c2")])
    await harness.finish()
  }

  @Test(arguments: all)
  func invalidatingAKeyWhoseLoadFailedLoadsItAgain(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let cache = LoadCache<String, String>()
    let subject = variant.make(loader.source(.async), cache: cache, key: "key")
    let harness = ScreenHarness(root: subject.screen, size: Self.size)
    await harness.settle()
    loader.reject(SampleError())
    await harness.settle()
    #expect(subject.state() == .failed(SampleError(), lastValue: nil))

    cache.invalidate("key")
    await harness.settle()
    #expect(loader.callCount == 2)
    loader.resolve("v1")
    await harness.advance(by: .seconds(1))
    #expect(subject.state() == .loaded("v1"))
    await harness.finish()
  }

  @Test(arguments: all)
  func aScreenThatLeftIsNotReloadedAndOneThatComesBackShowsTheEntry(
    variant: LoadingVariant
  ) async {
    let loader = FakeLoader<String>()
    let cache = LoadCache<String, String>()
    let holder = Holder()
    let subject = variant.make(loader.source(.async), cache: cache, key: "key")
    holder.addChild(subject.screen)
    let harness = ScreenHarness(root: holder, size: Self.size)
    await harness.settle()
    loader.resolve("v1")
    await harness.settle()
    subject.screen.removeFromParent()
    await harness.settle()

    cache.invalidate("key")
    await harness.settle()
    #expect(loader.callCount == 1, "no screen shows the key")
    #expect(cache.value(forKey: "key") == "v1", "the entry stays")
    await harness.finish()
  }

  @Test(arguments: all)
  func invalidatingTheKeyAKeyedScreenFollowsReloadsItAndOtherKeysDoNot(
    variant: LoadingVariant
  ) async {
    let backend = KeyedBackend()
    let cache = LoadCache<String, String>()
    let query = LoadKey("a")
    let subject = variant.makeKeyed(
      key: query, backend: backend, cache: cache, options: LoadOptions())
    let harness = ScreenHarness(root: subject.screen, size: Self.size)
    await harness.settle()
    backend.resolve("a")
    await harness.settle()
    #expect(subject.state() == .loaded("a"))

    cache.invalidate("b")
    await harness.settle()
    #expect(backend.loadedKeys == ["a"])
    cache.invalidate("a")
    await harness.settle()
    #expect(backend.loadedKeys == ["a", "a"])
    #expect(subject.state() == .refreshing("a"))
    backend.loader("a").resolve("a again")
    await harness.settle()
    #expect(subject.state() == .loaded("a again"))
    await harness.finish()
  }
}

/// A screen covered by another, pushed over it, while its entry changes.
extension LoadingBehaviorTests {
  /// A navigation screen showing a screen that loaded "v1" of `key`, with another pushed over it.
  private func covered(
    _ variant: LoadingVariant, _ loader: FakeLoader<String>, cache: LoadCache<String, String>
  ) async -> (ScreenHarness, NavigationScreen, LoadingSubject) {
    let subject = variant.make(loader.source(.async), cache: cache, key: "key")
    let navigation = NavigationScreen(root: subject.screen)
    let harness = ScreenHarness(root: navigation, size: Self.size)
    await harness.settle()
    loader.resolve("v1")
    await harness.settle()
    navigation.push(TextScreen(text: "over it"))
    await harness.settle()
    #expect(harness.contains("over it"))
    return (harness, navigation, subject)
  }

  @Test(arguments: all)
  func aChangeMadeWhileTheScreenWasCoveredShowsWhenItComesBack(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let server = FakeLoader<String?>()
    let cache = LoadCache<String, String>()
    let (harness, navigation, subject) = await covered(variant, loader, cache: cache)

    cache.mutate(
      "key", on: harness.stage.scheduler, optimistic: { $0 + " ★" },
      perform: { try await server.load() })
    await harness.settle()
    server.resolve(nil)
    await harness.settle()
    navigation.pop()
    await harness.settle()
    #expect(subject.state() == .loaded("v1 ★"))
    #expect(harness.lines.joined().contains("content: v1 ★"))
    #expect(loader.callCount == 1)
    await harness.finish()
  }

  @Test(arguments: all)
  func aKeyInvalidatedWhileTheScreenWasCoveredReloadsWhenItComesBack(
    variant: LoadingVariant
  ) async {
    let loader = FakeLoader<String>()
    let cache = LoadCache<String, String>()
    let (harness, navigation, subject) = await covered(variant, loader, cache: cache)

    cache.invalidate("key")
    await harness.settle()
    #expect(loader.callCount == 1, "nothing loads for a screen nobody sees")
    navigation.pop()
    await harness.settle()
    #expect(loader.callCount == 2)
    #expect(subject.state() == .refreshing("v1"))
    loader.resolve("v2")
    await harness.settle()
    #expect(subject.state() == .loaded("v2"))
    await harness.finish()
  }
}

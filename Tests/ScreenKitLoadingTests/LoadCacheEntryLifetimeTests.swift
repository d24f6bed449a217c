import ScreenKitSimulation
import ScreenKitTesting
import Testing

@testable import ScreenKit
@testable import ScreenKitLoading

/// When a cache drops the entry of a key: once the last thing that needed it goes.
@MainActor
@Suite struct LoadCacheEntryLifetimeTests {
  @Test func aValueRemovedEvictedOrExpiredLeavesNoEntry() {
    let clock = VirtualClock()
    let cache = LoadCache<String, String>(
      timeToLive: .seconds(5), countLimit: 1, clock: ScreenClock(clock))
    cache.insert("A", forKey: "a")
    cache.removeValue(forKey: "a")
    #expect(cache.entries["a"] == nil)

    cache.insert("A", forKey: "a")
    cache.insert("B", forKey: "b")
    #expect(cache.entries["a"] == nil, "evicted")

    clock.advance(to: VirtualClock.Instant(offset: .seconds(5)))
    #expect(cache.value(forKey: "b") == nil)
    #expect(cache.entries.isEmpty, "expired")
  }

  @Test func aValueTooCostlyToKeepLeavesNoEntry() {
    let cache = LoadCache<String, String>(costLimit: 1) { $0.utf8.count }
    cache.insert("too big", forKey: "a")
    #expect(cache.entries.isEmpty)
  }

  @Test func aScreenThatStopsFollowingAKeyWithoutAValueTakesItsEntry() {
    let cache = LoadCache<String, String>()
    let owner = Screen()
    let stop = cache.watch("a", by: owner) { _ in }
    #expect(cache.entries["a"] != nil)
    stop()
    #expect(cache.entries["a"] == nil)
  }

  @Test func aValueOutlivesTheScreensThatFollowedIt() {
    let cache = LoadCache<String, String>()
    let stop = cache.watch("a", by: Screen()) { _ in }
    cache.insert("A", forKey: "a")
    stop()
    #expect(cache.value(forKey: "a") == "A")
  }

  @Test func aFailedPrefetchLeavesNothingOnceItAnswered() async {
    let loader = FakeLoader<String>()
    let harness = ScreenHarness(root: Screen())
    let cache = LoadCache<String, String>()
    cache.prefetch("a", on: harness.stage.scheduler) { try await loader.load() }
    await harness.settle()
    #expect(cache.entries["a"]?.keepAlive != nil)
    loader.reject(SampleError())
    await harness.settle()
    #expect(cache.entries["a"] == nil, "a failure is not kept")
    await harness.finish()
  }

  @Test func aFailedChangeOfAKeyWithoutAValueLeavesNothing() async {
    let server = FakeLoader<String?>()
    let harness = ScreenHarness(root: Screen())
    let cache = LoadCache<String, String>()
    cache.mutate(
      "a", on: harness.stage.scheduler, optimistic: { $0 + " ★" },
      perform: { try await server.load() })
    await harness.settle()
    #expect(cache.pendingChanges(of: "a") == 1)
    #expect(cache.entries["a"] != nil)
    server.reject(SampleError())
    await harness.settle()
    #expect(cache.entries["a"] == nil)
    await harness.finish()
  }
}

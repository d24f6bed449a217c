import ScreenKit
import ScreenKitTesting
import Testing

/// The cache's own bookkeeping: time to live, and eviction by count and by cost, least
/// recently used first.
@MainActor
@Suite struct LoadCacheTests {
  @Test func evictsTheLeastRecentlyUsedEntryBeyondTheCount() {
    let cache = LoadCache<String, String>(countLimit: 2)
    cache.insert("A", forKey: "a")
    cache.insert("B", forKey: "b")
    #expect(cache.value(forKey: "a") == "A")
    cache.insert("C", forKey: "c")
    #expect(cache.keys == ["a", "c"])
    #expect(cache.value(forKey: "b") == nil)
  }

  @Test func evictsByCostUntilTheTotalFits() {
    let cache = LoadCache<String, String>(countLimit: 100, costLimit: 10) { $0.utf8.count }
    cache.insert("1234", forKey: "a")
    cache.insert("1234", forKey: "b")
    #expect(cache.totalCost == 8)
    _ = cache.value(forKey: "a")
    cache.insert("12345", forKey: "c")
    #expect(cache.keys == ["a", "c"])
    #expect(cache.totalCost == 9)
  }

  @Test func aValueCostingMoreThanTheLimitIsNotKept() {
    let cache = LoadCache<String, String>(costLimit: 3) { $0.utf8.count }
    cache.insert("ab", forKey: "a")
    cache.insert("too big", forKey: "b")
    #expect(cache.keys == ["a"])
  }

  @Test func theDefaultCostCountsEntriesOnly() {
    let cache = LoadCache<String, String>(countLimit: 2, costLimit: 0)
    cache.insert(String(repeating: "x", count: 1_000), forKey: "a")
    cache.insert("y", forKey: "b")
    #expect(cache.count == 2)
    #expect(cache.totalCost == 0)
  }

  @Test func anEntryIsFreshUntilItsTimeToLiveHasPassedOnTheCachesClock() {
    let clock = VirtualClock()
    let cache = LoadCache<String, String>(timeToLive: .seconds(5), clock: ScreenClock(clock))
    clock.advance(to: VirtualClock.Instant(offset: .seconds(1)))
    cache.insert("A", forKey: "a")
    clock.advance(to: VirtualClock.Instant(offset: .milliseconds(5_999)))
    #expect(cache.value(forKey: "a") == "A")
    clock.advance(to: VirtualClock.Instant(offset: .seconds(6)))
    #expect(cache.value(forKey: "a") == nil)
    #expect(cache.count == 0)
  }
}

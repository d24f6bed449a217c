import ScreenKit
import Testing

/// The cache's own bookkeeping: time to live, and eviction by count and by cost, least
/// recently used first.
@MainActor
@Suite struct LoadCacheTests {
  @Test func evictsTheLeastRecentlyUsedEntryBeyondTheCount() {
    let cache = LoadCache<String, String>(countLimit: 2)
    cache.insert("A", forKey: "a", at: .zero)
    cache.insert("B", forKey: "b", at: .zero)
    #expect(cache.value(forKey: "a", at: .zero) == "A")
    cache.insert("C", forKey: "c", at: .zero)
    #expect(cache.keys == ["a", "c"])
    #expect(cache.value(forKey: "b", at: .zero) == nil)
  }

  @Test func evictsByCostUntilTheTotalFits() {
    let cache = LoadCache<String, String>(countLimit: 100, costLimit: 10) { $0.utf8.count }
    cache.insert("1234", forKey: "a", at: .zero)
    cache.insert("1234", forKey: "b", at: .zero)
    #expect(cache.totalCost == 8)
    _ = cache.value(forKey: "a", at: .zero)
    cache.insert("12345", forKey: "c", at: .zero)
    #expect(cache.keys == ["a", "c"])
    #expect(cache.totalCost == 9)
  }

  @Test func aValueCostingMoreThanTheLimitIsNotKept() {
    let cache = LoadCache<String, String>(costLimit: 3) { $0.utf8.count }
    cache.insert("ab", forKey: "a", at: .zero)
    cache.insert("too big", forKey: "b", at: .zero)
    #expect(cache.keys == ["a"])
  }

  @Test func theDefaultCostCountsEntriesOnly() {
    let cache = LoadCache<String, String>(countLimit: 2, costLimit: 0)
    cache.insert(String(repeating: "x", count: 1_000), forKey: "a", at: .zero)
    cache.insert("y", forKey: "b", at: .zero)
    #expect(cache.count == 2)
    #expect(cache.totalCost == 0)
  }

  @Test func anEntryIsFreshUntilItsTimeToLiveHasPassed() {
    let cache = LoadCache<String, String>(timeToLive: .seconds(5))
    cache.insert("A", forKey: "a", at: .seconds(1))
    #expect(cache.value(forKey: "a", at: .milliseconds(5_999)) == "A")
    #expect(cache.value(forKey: "a", at: .seconds(6)) == nil)
    #expect(cache.count == 0)
  }
}

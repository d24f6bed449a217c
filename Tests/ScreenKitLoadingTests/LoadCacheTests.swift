import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
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

  @Test func anInsertEvictsTheLeastRecentlyUsedFirstAsManyAsItTakes() {
    let cache = LoadCache<String, Int>(costLimit: 5) { $0 }
    for key in ["a", "b", "c", "d", "e"] { cache.insert(1, forKey: key) }
    _ = cache.value(forKey: "b")
    cache.insert(1, forKey: "a")
    #expect(cache.keys == ["c", "d", "e", "b", "a"])
    cache.insert(3, forKey: "f")
    #expect(cache.keys == ["b", "a", "f"])
    #expect(cache.totalCost == 5)
  }

  @Test(arguments: 1...20)
  func randomInsertsReadsAndRemovalsAgreeWithAListInOrderOfUse(seed: UInt64) {
    let clock = VirtualClock()
    let cache = LoadCache<Int, Int>(
      timeToLive: .seconds(5), countLimit: 8, costLimit: 15, clock: ScreenClock(clock)
    ) { $0 % 7 }
    // The model: entries least recently used first, evicted from the front.
    var model: [(key: Int, value: Int, storedAt: Duration)] = []
    var now = Duration.zero
    var random = SeededRandom(seed: seed)
    for step in 0..<500 {
      let key = Int.random(in: 0..<10, using: &random)
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        let value = Int.random(in: 0..<100, using: &random)
        cache.insert(value, forKey: key)
        model.removeAll { $0.key == key }
        while model.count >= 8 || model.reduce(value % 7, { $0 + $1.value % 7 }) > 15 {
          model.removeFirst()
        }
        model.append((key, value, now))
      case 4..<8:
        var expected: Int?
        if let index = model.firstIndex(where: { $0.key == key }) {
          let entry = model.remove(at: index)
          if now < entry.storedAt + .seconds(5) {
            expected = entry.value
            model.append(entry)
          }
        }
        #expect(cache.value(forKey: key) == expected, "seed \(seed), step \(step)")
      case 8:
        cache.removeValue(forKey: key)
        model.removeAll { $0.key == key }
      default:
        now += .milliseconds(Int.random(in: 0..<2_000, using: &random))
        clock.advance(to: VirtualClock.Instant(offset: now))
      }
      #expect(cache.keys == model.map(\.key), "seed \(seed), step \(step)")
      #expect(cache.totalCost == model.reduce(0) { $0 + $1.value % 7 })
    }
  }

  @Test(arguments: [nil, Int.max])
  func costsAddingUpPastTheLargestIntEvictTheOlderEntry(costLimit: Int?) {
    let cache = LoadCache<String, Int>(costLimit: costLimit) { $0 }
    cache.insert(Int.max / 2 + 1, forKey: "a")
    cache.insert(Int.max / 2 + 1, forKey: "b")
    #expect(cache.keys == ["b"])
    #expect(cache.totalCost == Int.max / 2 + 1)
  }

  @Test func oneInsertEvictingTwentyThousandEntriesTakesMilliseconds() {
    let count = 20_000
    let cache = LoadCache<Int, Int>(countLimit: count, costLimit: count) { $0 }
    // NB: the real clock, as an insert's cost shows in nothing else a user sees. The bound is
    // loose both ways: linear work took 0.1 s in a debug build, quadratic work over 100 s.
    let elapsed = ContinuousClock().measure {
      for key in 0..<count { cache.insert(1, forKey: key) }
      cache.insert(count, forKey: count)
    }
    #expect(cache.keys == [count])
    #expect(elapsed < .seconds(3))
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

import ScreenKit
import ScreenKitLoading

/// A `LoadCache` of 1,000 to 1,000,000 entries on the main actor: an insert into a full cache
/// (each evicts the least recently used entry), a read of a value it holds (a screen shown for
/// a key already seen starts with one), and one insert that evicts every entry.
///
/// Figures are the main thread's CPU time, which a busy machine disturbs less than wall time.
struct LoadCacheScenario: Scenario {
  let name = "cache"

  func run(_ settings: RunSettings) async -> [Figure] {
    let sizes = settings.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000, 1_000_000]
    var figures: [Figure] = []
    var perEvictedEntry: [Double] = []
    for count in sizes {
      let cache = LoadCache<Int, Int>(countLimit: count, costLimit: count) { $0 }
      for key in 0..<count { cache.insert(1, forKey: key) }
      let churn = LoadCacheScenario.cpuTime {
        for key in count..<(2 * count) { cache.insert(1, forKey: key) }
      }
      var misses = 0
      let hits = LoadCacheScenario.cpuTime {
        for key in count..<(2 * count) where cache.value(forKey: key) == nil { misses += 1 }
      }
      let evictAll = LoadCacheScenario.cpuTime {
        cache.insert(count, forKey: 2 * count)
      }
      guard cache.count == 1, misses == 0 else {
        return [
          .notMeasured(
            name, "insert", unit: "ms",
            reason: "\(cache.count) entries left, \(misses) reads missed")
        ]
      }
      figures.append(
        Figure(
          name, "insert into a full cache of \(count) entries",
          value: churn.milliseconds * 1000 / Double(count), unit: "µs",
          note: "each evicts the least recently used; mean of \(count)"))
      figures.append(
        Figure(
          name, "read a value held in a cache of \(count) entries",
          value: hits.milliseconds * 1_000_000 / Double(count), unit: "ns",
          note: "value(forKey:), each marks it recently used; mean of \(count)"))
      figures.append(
        Figure(
          name, "one insert evicting \(count) entries", value: evictAll.milliseconds, unit: "ms"))
      perEvictedEntry.append(evictAll.milliseconds / Double(count))
    }
    if let first = perEvictedEntry.first, let last = perEvictedEntry.last, let size = sizes.last {
      // Linear: the time per evicted entry stays about the same (quadratic work grows with n).
      let ratio = last / first
      figures.append(
        Figure(
          name, "one insert evicting n entries, time per entry: \(size) vs \(sizes[0])",
          value: ratio, unit: "×", target: "≤ 4", verdict: ratio <= 4 ? .met : .missed,
          note: "evictions are O(1) each, amortized"))
    }
    return figures
  }

  /// The main thread's CPU time spent in `body`.
  private static func cpuTime(_ body: () -> Void) -> Duration {
    let start = Clocks.threadCPU()
    body()
    return Clocks.threadCPU() - start
  }
}

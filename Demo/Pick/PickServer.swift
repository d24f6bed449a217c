import Locking
import ScreenKit
import ScreenKitMatching

/// A search server simulated in the process, for `Demo pick --remote`: it holds the lines read
/// so far and answers a query with the best of them after a network's latency, so typing shows
/// the debounce, the cancelled requests and the stale results of a keyed load.
final class PickServer: Sendable {
  /// How long each answer takes to come back.
  let latency: Duration
  /// How many tasks rank the lines.
  let workers: Int
  private let candidates = Locked(Candidates())
  /// What the latency is slept on: real time, or a test's virtual clock.
  private let clock: ScreenClock

  init(latency: Duration, workers: Int, clock: ScreenClock = .continuous) {
    self.latency = latency
    self.workers = workers
    self.clock = clock
  }

  /// Takes the lines read so far.
  func receive(_ candidates: Candidates) {
    self.candidates.withLock { $0 = candidates }
  }

  /// The best lines for `query`, after the latency; throws `CancellationError` when the
  /// request is cancelled (the user typed on).
  func search(_ query: String, limit: Int) async throws -> PickResults {
    try await clock.sleep(for: latency)
    let candidates = self.candidates.withLock { $0 }
    guard
      let ranking = await FuzzyRanker.rank(
        FuzzyPattern(query), in: candidates.chunks, limit: limit, workers: workers)
    else { throw CancellationError() }
    return PickResults(ranking, of: candidates)
  }
}

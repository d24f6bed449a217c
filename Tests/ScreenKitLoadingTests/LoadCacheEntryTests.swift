import ScreenKitSimulation
import ScreenKitTesting
import Testing

@testable import ScreenKit
@testable import ScreenKitLoading

/// The rules about one key of a `LoadCache`, which its entry keeps: when nothing needs it, when
/// its value is expired or fresh, and what its loads leave for the inspector.
@MainActor
@Suite struct LoadCacheEntryTests {
  typealias Entry = LoadCacheEntry<String, String>

  /// The one thing a case gives an entry that needs it.
  enum Hold: String, CaseIterable, CustomTestStringConvertible {
    case value, loadInFlight, loadKeptGoing, changePending, screenFollowing

    var testDescription: String { rawValue }
  }

  private final class Owner {}

  /// Gives `entry` what `hold` names; returns what must live for it to hold.
  private func give(_ hold: Hold, to entry: Entry) -> AnyObject? {
    switch hold {
    case .value:
      entry.stored = Entry.Stored(value: "A", storedAt: .zero, cost: 0)
    case .loadInFlight:
      let load = SharedLoad<String>(store: { $0 }, finish: { _ in })
      entry.loadDidStart(load, source: .async { _ in "A" }, on: Scheduler(), at: .zero)
      return load
    case .loadKeptGoing:
      entry.keepAlive = { _ in }
    case .changePending:
      let changes = OptimisticChanges<String>(base: nil)
      changes.append(.init(update: { $0 }, perform: { nil }, scheduler: Scheduler()))
      entry.changes = changes
    case .screenFollowing:
      let owner = Owner()
      _ = entry.watch(by: owner) { _ in }
      return owner
    }
    return nil
  }

  @Test func aNewEntryIsUnused() {
    #expect(Entry(key: "a").isUnused)
  }

  @Test(arguments: Hold.allCases)
  func anyOneThingKeepsAnEntryInUse(hold: Hold) {
    let entry = Entry(key: "a")
    let kept = give(hold, to: entry)
    #expect(!entry.isUnused)
    withExtendedLifetime(kept) {}
  }

  @Test func aScreenThatIsGoneKeepsNothing() {
    let entry = Entry(key: "a")
    do {
      let owner = Owner()
      _ = entry.watch(by: owner) { _ in }
      withExtendedLifetime(owner) { #expect(!entry.isUnused) }
    }
    #expect(entry.isUnused)
    #expect(entry.liveWatcherCount == 0)
  }

  /// (time to live, fresh for, seconds since stored, invalidated) → (expired, fresh).
  nonisolated static let ages: [((Int?, Int, Int, Bool), (Bool, Bool))] = [
    ((nil, 0, 1_000, false), (false, false)),
    ((5, 0, 4, false), (false, false)),
    ((5, 0, 5, false), (true, false)),
    ((nil, 2, 1, false), (false, true)),
    ((nil, 2, 2, false), (false, false)),
    ((nil, 2, 1, true), (false, false)),
    ((5, 10, 7, false), (true, true)),
  ]

  @Test(arguments: ages)
  func aValueExpiresAtItsTimeToLiveAndIsFreshWithinFreshForUnlessInvalidated(
    given: (Int?, Int, Int, Bool), expected: (Bool, Bool)
  ) {
    let (timeToLive, freshFor, age, isInvalidated) = given
    let entry = Entry(key: "a")
    entry.stored = Entry.Stored(
      value: "A", storedAt: .seconds(10), cost: 0, isInvalidated: isInvalidated)
    let now = Duration.seconds(10 + age)
    #expect(entry.isExpired(at: now, timeToLive: timeToLive.map { .seconds($0) }) == expected.0)
    #expect(entry.isFresh(at: now, freshFor: .seconds(freshFor)) == expected.1)
  }

  @Test func withoutAValueAnEntryIsNeitherExpiredNorFresh() {
    let entry = Entry(key: "a")
    #expect(!entry.isExpired(at: .seconds(100), timeToLive: .seconds(1)))
    #expect(!entry.isFresh(at: .zero, freshFor: .seconds(1)))
  }

  @Test func aStoredValueIsTheBaseOfThePendingChangesAndHeldWithThemApplied() {
    let entry = Entry(key: "a")
    #expect(entry.rebase(on: "v1") == "v1")
    let changes = OptimisticChanges<String>(base: "v0")
    changes.append(.init(update: { $0 + " ★" }, perform: { nil }, scheduler: Scheduler()))
    entry.changes = changes
    #expect(entry.rebase(on: "v2") == "v2 ★")
    #expect(entry.changes?.base == "v2")
  }

  @Test func onlyTheNewestLoadIsRecordedAndOneAbandonedTellsNothing() {
    let entry = Entry(key: "a")
    let scheduler = Scheduler()
    let first = SharedLoad<String>(store: { $0 }, finish: { _ in })
    let second = SharedLoad<String>(store: { $0 }, finish: { _ in })
    entry.loadDidStart(first, source: .async { _ in "A" }, on: scheduler, at: .seconds(1))
    entry.loadDidStart(second, source: .async { _ in "B" }, on: scheduler, at: .seconds(2))
    entry.loadDidFinish(first, failure: SampleError(), at: .seconds(3))
    #expect(entry.load === second, "a replaced load's end leaves the newer one")
    #expect(entry.history.lastError == nil)

    entry.loadDidFinish(second, failure: CancellationError(), at: .seconds(4))
    #expect(entry.load == nil)
    #expect(entry.history.lastDuration == nil, "no screen waited for it to the end")

    let third = SharedLoad<String>(store: { $0 }, finish: { _ in })
    entry.loadDidStart(third, source: .async { _ in "C" }, on: scheduler, at: .seconds(5))
    entry.loadDidFinish(third, failure: SampleError(), at: .seconds(7))
    #expect(entry.history.lastDuration == .seconds(2))
    #expect(entry.history.lastError is SampleError)
    #expect(entry.inspectedState(at: .seconds(7), timeToLive: nil, freshFor: .zero) == "failed")
  }

  @Test func screensHearInTheOrderTheyBeganFollowingAndOneThatStoppedHearsNothing() {
    let entry = Entry(key: "a")
    let owners = (0..<3).map { _ in Owner() }
    var heard: [Int] = []
    let tokens = owners.indices.map { index in
      entry.watch(by: owners[index]) { _ in heard.append(index) }
    }
    entry.stopWatching(tokens[1])
    entry.notify(.invalidated)
    #expect(heard == [0, 2])
    withExtendedLifetime(owners) {}
  }
}

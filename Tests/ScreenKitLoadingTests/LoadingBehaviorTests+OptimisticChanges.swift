import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// Changes that show their expected value at once and are taken back when they fail, the same
/// for both variants.
extension LoadingBehaviorTests {
  /// Two screens showing "key" of a cache, loaded to "v1", and a server that answers the
  /// changes a test makes.
  @MainActor
  final class ChangeRig {
    let loader = FakeLoader<String>()
    let server = FakeLoader<String?>()
    let cache = LoadCache<String, String>()
    let harness: ScreenHarness
    let subjects: [LoadingSubject]

    init(_ variant: LoadingVariant) async {
      let holder = Holder()
      subjects = (0..<2).map { [loader, cache] _ in
        variant.make(loader.source(.async), cache: cache, key: "key")
      }
      for subject in subjects { holder.addChild(subject.screen) }
      harness = ScreenHarness(root: holder, size: LoadingBehaviorTests.size)
      await harness.settle()
      loader.resolve("v1")
      await harness.settle()
      #expect(subjects.map { $0.state() } == [.loaded("v1"), .loaded("v1")])
    }

    /// Changes "key" to its value and `suffix`, as the server then answers.
    func append(_ suffix: String) {
      let server = self.server
      cache.mutate(
        "key", on: harness.stage.scheduler, optimistic: { $0 + suffix },
        perform: { try await server.load() })
    }

    var states: [LoadState<String>] { subjects.map { $0.state() } }
  }

  @Test(arguments: all)
  func aChangeShowsItsExpectedValueAtOnceOnEveryScreenShowingTheKey(
    variant: LoadingVariant
  ) async {
    let rig = await ChangeRig(variant)
    let (harness, server, cache, subjects) = (rig.harness, rig.server, rig.cache, rig.subjects)

    rig.append(" ★")
    harness.renderIfNeeded()
    #expect(subjects.map { $0.state() } == [.loaded("v1 ★"), .loaded("v1 ★")])
    #expect(harness.lines[0].hasPrefix("content: v1 ★"))
    #expect(cache.value(forKey: "key") == "v1 ★")
    await harness.settle()
    #expect(server.callCount == 1)
    #expect(cache.pendingChanges(of: "key") == 1)

    // The server confirms without a value: the expected one stands.
    server.resolve(nil)
    await harness.settle()
    #expect(cache.pendingChanges(of: "key") == 0)
    #expect(subjects.map { $0.state() } == [.loaded("v1 ★"), .loaded("v1 ★")])
    #expect(rig.loader.callCount == 1, "a change loads nothing")
    await harness.finish()
  }

  @Test(arguments: all)
  func theValueTheChangeReturnsReplacesTheExpectedOne(variant: LoadingVariant) async {
    let rig = await ChangeRig(variant)
    let (harness, server, subjects) = (rig.harness, rig.server, rig.subjects)
    rig.append(" ★")
    await harness.settle()
    server.resolve("v1 ★ (starred by 3)")
    await harness.settle()
    #expect(
      subjects.map { $0.state() } == [
        .loaded("v1 ★ (starred by 3)"), .loaded("v1 ★ (starred by 3)"),
      ])
    await harness.finish()
  }

  @Test(arguments: all)
  func aFailedChangeGoesBackToTheValueBeforeItAndShowsWhy(variant: LoadingVariant) async {
    let rig = await ChangeRig(variant)
    let (harness, server, cache, subjects) = (rig.harness, rig.server, rig.cache, rig.subjects)
    rig.append(" ★")
    await harness.settle()
    server.reject(SampleError())
    await harness.settle()

    for subject in subjects {
      #expect(subject.state() == .failed(ChangeRolledBackError(SampleError()), lastValue: "v1"))
    }
    #expect(cache.value(forKey: "key") == "v1")
    #expect(harness.lines[0].hasPrefix("content: v1"))
    #expect(!harness.contains("★"))
    #expect(harness.contains("✖ change failed: The server"))
    #expect(harness.contains("r reload · Esc dismiss"))

    // Esc dismisses it; the value stays.
    harness.press(.escape)
    await harness.settle()
    #expect(subjects.contains { $0.state() == .loaded("v1") })
    await harness.finish()
  }

  @Test(arguments: all)
  func changesOfOneKeyRunInOrderAndEachBuildsOnTheOnesBefore(variant: LoadingVariant) async {
    let rig = await ChangeRig(variant)
    let (harness, server, cache, subjects) = (rig.harness, rig.server, rig.cache, rig.subjects)

    rig.append(" a")
    rig.append(" b")
    await harness.settle()
    #expect(subjects[0].state() == .loaded("v1 a b"))
    #expect(server.callCount == 1, "the second change waits for the first")

    server.resolve(nil)
    await harness.settle()
    #expect(server.callCount == 2)
    #expect(subjects[0].state() == .loaded("v1 a b"))

    server.reject(SampleError())
    await harness.settle()
    #expect(subjects[0].state() == .failed(ChangeRolledBackError(SampleError()), lastValue: "v1 a"))
    #expect(cache.value(forKey: "key") == "v1 a")
    await harness.finish()
  }

  @Test(arguments: all)
  func whenAnEarlierChangeFailsTheLaterOneStillStands(variant: LoadingVariant) async {
    let rig = await ChangeRig(variant)
    let (harness, server, cache, subjects) = (rig.harness, rig.server, rig.cache, rig.subjects)

    rig.append(" a")
    rig.append(" b")
    await harness.settle()
    server.reject(SampleError())
    await harness.settle()
    #expect(subjects[1].state() == .failed(ChangeRolledBackError(SampleError()), lastValue: "v1 b"))
    #expect(server.callCount == 2)
    server.resolve(nil)
    await harness.settle()
    #expect(cache.value(forKey: "key") == "v1 b")
    await harness.finish()
  }

  @Test(arguments: all)
  func aLoadAnsweringDuringAChangeGivesTheValueTheChangeAppliesTo(
    variant: LoadingVariant
  ) async {
    let rig = await ChangeRig(variant)
    let (harness, server, cache, subjects) = (rig.harness, rig.server, rig.cache, rig.subjects)
    harness.press("r")
    #expect(rig.loader.callCount == 2)

    rig.append(" ★")
    await harness.settle()
    #expect(subjects.contains { $0.state() == .refreshing("v1 ★") })

    // The refresh's answer predates the change: the change applies to it.
    rig.loader.resolve("v2")
    await harness.settle()
    #expect(subjects.map { $0.state() } == [.loaded("v2 ★"), .loaded("v2 ★")])
    server.resolve(nil)
    await harness.settle()
    #expect(cache.value(forKey: "key") == "v2 ★")
    await harness.finish()
  }

  @Test func aChangeOfAKeyWithNoValueRunsAndStoresWhatItReturns() async {
    let server = FakeLoader<String?>()
    let cache = LoadCache<String, String>()
    let harness = ScreenHarness(root: Holder(), size: Self.size)
    cache.mutate(
      "new", on: harness.stage.scheduler, optimistic: { $0 + " ★" },
      perform: { try await server.load() })
    #expect(cache.count == 0, "nothing to apply the change to")
    await harness.settle()
    #expect(server.callCount == 1)
    server.resolve("created")
    await harness.settle()
    #expect(cache.value(forKey: "new") == "created")
    await harness.finish()
  }
}

/// Many changes of one key at once, as a user tapping a toggle fast makes them.
extension LoadingBehaviorTests {
  @Test(arguments: all)
  func fortyChangesInARowEndWithEveryOneTheServerTookInOrder(variant: LoadingVariant) async {
    let rig = await ChangeRig(variant)
    for index in 0..<40 { rig.append(" \(index)") }
    await rig.harness.settle()
    let expected = "v1" + (0..<40).map { " \($0)" }.joined()
    #expect(rig.states == [.loaded(expected), .loaded(expected)])

    // The server refuses every third change; each answer starts the next change.
    var random = SeededRandom(seed: 7)
    var taken = "v1"
    for index in 0..<40 {
      #expect(rig.server.callCount == index + 1, "one change at a time")
      if Int.random(in: 0..<3, using: &random) == 0 {
        rig.server.reject(SampleError())
      } else {
        rig.server.resolve(nil)
        taken += " \(index)"
      }
      await rig.harness.settle()
    }
    #expect(rig.cache.value(forKey: "key") == taken)
    #expect(rig.states.allSatisfy { $0.value == taken })
    #expect(rig.cache.pendingChanges(of: "key") == 0)
    await rig.harness.finish()
  }
}

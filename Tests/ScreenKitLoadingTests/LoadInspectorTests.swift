import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// The load inspector as a developer uses it: a key of the stage opens it over the screens, it
/// lists their loads and their caches' entries, and acts on the selected row; the same for
/// both loading variants.
@MainActor
@Suite struct LoadInspectorTests {
  nonisolated static let all = LoadingVariant.allCases
  nonisolated static let closingKeys: [Key] = [.escape, .function(12)]
  /// Wide enough for an error of the suite to show whole: the box fills the width, and all
  /// rows but the top and the bottom one.
  static let size = Size(width: 100, height: 12)

  /// A stage with the inspector on F12, whose root holds the screens of a test.
  private func makeStage() -> (ScreenHarness, Holder) {
    let holder = Holder()
    let harness = ScreenHarness(root: holder, size: Self.size)
    harness.stage.loadInspectorKey = .function(12)
    return (harness, holder)
  }

  /// A cache on the harness's virtual clock.
  private func makeCache(_ harness: ScreenHarness) -> LoadCache<String, String> {
    LoadCache(name: "details", timeToLive: .seconds(300), clock: ScreenClock(harness.clock))
  }

  /// Shows a screen loading through `variant`, answered with `value` after 850 ms.
  @discardableResult
  private func showLoaded(
    _ variant: LoadingVariant, _ loader: FakeLoader<String>, value: String = "v1",
    cache: LoadCache<String, String>? = nil, key: String = "episode-1", on holder: Holder,
    harness: ScreenHarness
  ) async -> LoadingSubject {
    let subject = variant.make(loader.source(.async), cache: cache, key: key)
    holder.addChild(subject.screen)
    await harness.advance(by: .milliseconds(850))
    loader.resolve(value)
    await harness.settle()
    return subject
  }

  /// The line of the table that holds `text`, without the box's border and trailing spaces.
  private func line(_ harness: ScreenHarness, with text: String) -> String? {
    harness.lines.first { $0.hasPrefix("│") && $0.contains(text) }.map { line in
      String(line.dropFirst(2).dropLast(2).reversed().drop { $0 == " " }.reversed())
    }
  }

  // MARK: Opening

  @Test(arguments: all)
  func theKeyOpensATableOfTheScreensLoadWhoseAgeGrowsEverySecond(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder) = makeStage()
    await showLoaded(variant, loader, on: holder, harness: harness)

    #expect(harness.press(.function(12)))
    expectScreen(
      harness,
      [
        "content: v1",
        "┌─ Loads ──────────────────────────────────────────────────────────────────────────────────────────┐",
        "│   KEY                             STATE           AGE    TTL  SUBS   TOOK  ERROR                 │",
        "│ Screens                                                                                          │",
        "│ › Detail v1                       loaded          0ms      –     1  850ms                        │",
        "│                                                                                                  │",
        "│                                                                                                  │",
        "│                                                                                                  │",
        "│                                                                                                  │",
        "│ r refetch  i invalidate  x remove  Esc close                                                     │",
        "└──────────────────────────────────────────────────────────────────────────────────────────────────┘",
      ])
    await harness.advance(by: .milliseconds(999))
    #expect(
      line(harness, with: "Detail v1")
        == "› Detail v1                       loaded          0ms      –     1  850ms")
    await harness.advance(by: .milliseconds(1))
    #expect(
      line(harness, with: "Detail v1")
        == "› Detail v1                       loaded           1s      –     1  850ms")
    await harness.advance(by: .seconds(244))
    #expect(
      line(harness, with: "Detail v1")
        == "› Detail v1                       loaded        4m05s      –     1  850ms")
    await harness.finish()
  }

  @Test(arguments: all)
  func cacheEntriesShowTheirTimeToLiveAndTheScreensShowingThem(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder) = makeStage()
    let cache = makeCache(harness)
    let first = variant.make(loader.source(.async), cache: cache, key: "episode-1")
    let second = variant.make(loader.source(.async), cache: cache, key: "episode-1")
    holder.addChild(first.screen)
    holder.addChild(second.screen)
    await harness.advance(by: .milliseconds(850))
    loader.resolve("v1")
    await harness.settle()
    #expect(loader.callCount == 1)

    harness.press(.function(12))
    #expect(line(harness, with: "Cache") == "Cache details")
    #expect(
      line(harness, with: "  episode-1")
        == "  episode-1                       stale           0ms  5m00s     2  850ms")
    await harness.advance(by: .seconds(61))
    #expect(
      line(harness, with: "  episode-1")
        == "  episode-1                       stale         1m01s  3m59s     2  850ms")
    #expect(line(harness, with: "› Detail v1 · episode-1") != nil)
    #expect(line(harness, with: "  Detail v1 · episode-1") != nil)
    await harness.finish()
  }

  @Test(arguments: all)
  func aFailedLoadShowsItsError(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder) = makeStage()
    let cache = makeCache(harness)
    let subject = variant.make(loader.source(.async), cache: cache, key: "episode-1")
    holder.addChild(subject.screen)
    await harness.advance(by: .milliseconds(850))
    loader.reject(SampleError())
    await harness.settle()

    harness.press(.function(12))
    #expect(
      line(harness, with: "› ")?.hasSuffix(
        "failed            –      –     1  850ms  The server is down") == true)
    #expect(
      line(harness, with: "  episode-1")
        == "  episode-1                       failed            –      –     1  850ms  The server is down"
    )
    await harness.finish()
  }

  // MARK: Actions

  @Test(arguments: all)
  func rLoadsTheSelectedRowAgain(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder) = makeStage()
    await showLoaded(variant, loader, on: holder, harness: harness)
    harness.press(.function(12))

    #expect(harness.press("r"))
    #expect(loader.callCount == 2)
    #expect(line(harness, with: "Detail v1")?.contains("refreshing") == true)
    #expect(harness.contains("⟳ refreshing"))
    loader.resolve("v2")
    await harness.advance(by: .seconds(1))
    #expect(harness.lines[0].hasPrefix("content: v2"))
    #expect(line(harness, with: "Detail v2")?.contains("loaded") == true)
    await harness.finish()
  }

  @Test(arguments: all)
  func iInvalidatesTheEntryAndTheScreenRevalidatesUnderTheBadge(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder) = makeStage()
    let cache = makeCache(harness)
    await showLoaded(variant, loader, cache: cache, on: holder, harness: harness)
    harness.press(.function(12))

    harness.press("j")
    #expect(line(harness, with: "› episode-1") != nil)
    #expect(!harness.contains("⟳ refreshing"))
    harness.press("i")
    #expect(harness.contains("⟳ refreshing"))
    #expect(loader.callCount == 2)
    #expect(line(harness, with: "› episode-1")?.contains("fetching") == true)
    loader.resolve("v2")
    await harness.settle()
    harness.press(.escape)
    expectScreen(harness, ["content: v2"])
    await harness.finish()
  }

  @Test(arguments: all)
  func xRemovesTheEntryFromItsCache(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder) = makeStage()
    let cache = makeCache(harness)
    await showLoaded(variant, loader, cache: cache, on: holder, harness: harness)
    cache.insert("v9", forKey: "episode-9")
    harness.press(.function(12))
    #expect(cache.count == 2)

    harness.press(.end)
    #expect(line(harness, with: "episode-9")?.hasPrefix("› episode-9") == true)
    harness.press("x")
    #expect(line(harness, with: "episode-9") == nil)
    #expect(cache.count == 1)
    // The key a screen still shows stays listed, with no entry.
    #expect(
      line(harness, with: "› episode-1")
        == "› episode-1                       stale           0ms  5m00s     1  850ms")
    harness.press("x")
    #expect(
      line(harness, with: "› episode-1")
        == "› episode-1                       empty             –      –     1  850ms")
    #expect(cache.count == 0)
    #expect(harness.lines[0].hasPrefix("content: v1"))
    await harness.finish()
  }

  @Test(arguments: all)
  func anActionTheRowDoesNotHaveDoesNothing(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder) = makeStage()
    await showLoaded(variant, loader, on: holder, harness: harness)
    harness.press(.function(12))
    let before = harness.lines

    // A load without a cache has nothing to invalidate or remove.
    #expect(harness.press("i"))
    #expect(harness.press("x"))
    #expect(harness.lines == before)
    #expect(loader.callCount == 1)
    #expect(harness.style(x: 13, y: 9).attributes.contains(.dim))
    #expect(!harness.style(x: 2, y: 9).attributes.contains(.dim))
    await harness.finish()
  }

  // MARK: Closing

  @Test(arguments: all, closingKeys)
  func escapeOrTheKeyAgainClosesItAndNoTimerRemains(variant: LoadingVariant, key: Key) async {
    let loader = FakeLoader<String>()
    let (harness, holder) = makeStage()
    await showLoaded(variant, loader, on: holder, harness: harness)
    #expect(harness.pendingWork.isEmpty)

    harness.press(.function(12))
    #expect(harness.pendingWork == ["1 timer(s)"])
    #expect(harness.press(key))
    #expect(harness.pendingWork.isEmpty)
    expectScreen(harness, ["content: v1"])
    let frames = harness.frameCount
    await harness.advance(by: .seconds(5))
    #expect(harness.frameCount == frames)

    harness.press(.function(12))
    #expect(harness.contains("Loads"))
    await harness.finish()
  }

  // MARK: Keys

  @Test(arguments: all)
  func otherKeysStillReachTheScreens(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let subject = variant.make(loader.source(.async))
    let harness = ScreenHarness(root: subject.screen, size: Self.size)
    harness.stage.loadInspectorKey = .function(12)
    loader.resolve("v1")
    await harness.settle()

    #expect(harness.press("r"))
    #expect(loader.callCount == 2)
    #expect(harness.contains("⟳ refreshing"))
    loader.resolve("v2")
    await harness.settle()

    // While it is open, a key it does not use goes on to the application.
    harness.press(.function(12))
    #expect(!harness.press("q"))
    #expect(harness.contains("Loads"))
    await harness.finish()
  }

  @Test func noScreenCanSwallowTheKey() async {
    let (harness, holder) = makeStage()
    let greedy = ProbeScreen("greedy", focusable: true, handles: [.function(12), "a"])
    holder.addChild(greedy)
    #expect(harness.stage.focus(greedy))

    #expect(harness.press(.function(12)))
    #expect(harness.contains("No loads"))
    #expect(greedy.receivedKeys.isEmpty)
    harness.press(.function(12))
    #expect(harness.press("a"))
    #expect(greedy.receivedKeys == ["a"])
    await harness.finish()
  }

  @Test(arguments: all)
  func withoutAnInspectorKeyF12DoesNothing(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let holder = Holder()
    let harness = ScreenHarness(root: holder, size: Self.size)
    await showLoaded(variant, loader, on: holder, harness: harness)
    #expect(harness.stage.loadInspectorKey == nil)

    #expect(!harness.press(.function(12)))
    expectScreen(harness, ["content: v1"])
    #expect(harness.pendingWork.isEmpty)
    await harness.finish()
  }

  @Test func anEmptyStageSaysNoLoads() async {
    let (harness, _) = makeStage()
    harness.press(.function(12))
    #expect(line(harness, with: "No loads")?.trimmingPrefix(while: \.isWhitespace) == "No loads")
    harness.press("r", "i", "x", .down, .end)
    #expect(harness.contains("No loads"))
    await harness.finish()
  }

  // MARK: Fitting

  @Test(arguments: all)
  func rowsThatDoNotFitScrollWithTheSelection(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder) = makeStage()
    let cache = makeCache(harness)
    await showLoaded(variant, loader, cache: cache, on: holder, harness: harness)
    for number in 2...9 { cache.insert("v\(number)", forKey: "episode-\(number)") }
    harness.press(.function(12))
    // Six lines under the header: the two titles and four rows.
    #expect(line(harness, with: "Screens") != nil)
    #expect(line(harness, with: "episode-3") != nil)
    #expect(line(harness, with: "episode-4") == nil)

    harness.press(.end)
    #expect(line(harness, with: "› episode-9") != nil)
    #expect(line(harness, with: "episode-4") != nil)
    #expect(line(harness, with: "Screens") == nil)
    harness.press(.pageUp)
    #expect(line(harness, with: "› episode-3") != nil)
    harness.press("k", "k")
    #expect(line(harness, with: "› episode-1") != nil)
    #expect(line(harness, with: "Cache details") != nil)
    harness.press(.up)
    #expect(line(harness, with: "› Detail v1") != nil)
    #expect(line(harness, with: "Screens") != nil)
    harness.press(.pageDown, .down)
    #expect(line(harness, with: "› episode-7") != nil)
    harness.press(.home)
    #expect(line(harness, with: "› Detail v1") != nil)
    await harness.finish()
  }

  @Test func longKeysAndErrorsAreCutToTheirColumnsByDisplayWidth() async throws {
    let loader = FakeLoader<String>()
    let (harness, holder) = makeStage()
    let cache = makeCache(harness)
    let key = "🎬 映画『スウィフトの並行処理』第十二回 👩‍💻 and more"
    let subject = LoadingVariant.container.make(loader.source(.async), cache: cache, key: key)
    holder.addChild(subject.screen)
    await harness.settle()
    loader.reject(LongError())
    await harness.settle()
    harness.press(.function(12))

    // Each column starts where its heading does, though the key before it is wide.
    #expect(
      line(harness, with: "  🎬")
        == "  🎬 映画『スウィフトの並行処理…  failed            –      –     1    0ms  The catalogue server…"
    )
    // A wide character that would cross the column's edge is left out whole.
    #expect(
      line(harness, with: "› LoadingController")
        == "› LoadingController · 🎬 映画『…  failed            –      –     1    0ms  The catalogue server…"
    )
    for line in harness.lines {
      #expect(line.cellWidth == Self.size.width)
      if line.hasPrefix("│") { #expect(line.hasSuffix("│")) }
    }
    await harness.finish()
  }

  @Test func theBoxFollowsTheStageAndLeavesOutTheColumnsThatNoLongerFit() async {
    let (harness, _) = makeStage()
    let cache = makeCache(harness)
    cache.prefetch("episode-1", on: harness.stage.scheduler) { "v1" }
    await harness.settle()
    harness.press(.function(12))

    harness.resize(to: Size(width: 40, height: 8))
    expectScreen(
      harness,
      [
        "",
        "┌─ Loads ──────────────────────────────┐",
        "│   KEY           STATE           AGE  │",
        "│ Cache details                        │",
        "│ › episode-1     stale           0ms  │",
        "│ r refetch  i invalidate  x remove    │",
        "└──────────────────────────────────────┘",
      ])
    harness.resize(to: Size(width: 6, height: 2))
    harness.resize(to: Self.size)
    #expect(harness.lines[1].hasPrefix("┌─ Loads ─"))
    #expect(harness.lines[10].hasPrefix("└─"))
    #expect(harness.contains("ERROR"))
    await harness.finish()
  }

  @Test func durationsShowInTwoUnitsAtMost() async {
    let (harness, _) = makeStage()
    let cache = LoadCache<String, String>(
      name: "catalogue", timeToLive: .seconds(3 * 86_400), clock: ScreenClock(harness.clock))
    cache.prefetch("all", on: harness.stage.scheduler) { "everything" }
    await harness.advance(by: .seconds(2 * 3_600 + 7 * 60 + 59))
    harness.press(.function(12))
    #expect(
      line(harness, with: "› all")
        == "› all                             stale         2h07m  2d21h     0    0ms")
    await harness.finish()
  }

  // MARK: Snapshot

  @Test(arguments: all)
  func theInspectorOverALoadedScreenAndACache(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder) = makeStage()
    let cache = makeCache(harness)
    await showLoaded(variant, loader, cache: cache, on: holder, harness: harness)
    cache.insert("v2", forKey: "episode-2")
    await harness.advance(by: .seconds(12))
    harness.press(.function(12))
    harness.press(.down)
    expectSnapshot(harness, named: "inspector")
    await harness.finish()
  }
}

/// A failure whose message is longer than any column.
private struct LongError: Error, CustomStringConvertible {
  var description: String {
    "The catalogue server answered 503 Service Unavailable after 30 seconds of waiting"
  }
}

/// What the inspector must not change, and rows that say what they can do.
extension LoadInspectorTests {
  @Test(arguments: all)
  func openingTheInspectorDoesNotPauseTheRefreshesItShows(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder) = makeStage()
    let subject = variant.make(
      loader.source(.async), options: LoadOptions(refreshInterval: .seconds(5)))
    holder.addChild(subject.screen)
    await harness.settle()
    loader.resolve("v1")
    await harness.settle()

    harness.press(.function(12))
    for round in 2...3 {
      await harness.advance(by: .seconds(5))
      #expect(loader.callCount == round, "the interval goes on under the inspector")
      loader.resolve("v\(round)")
      await harness.settle()
    }
    harness.press(.escape)
    await harness.finish()
  }

  @Test func anEntryNothingCanLoadAgainOffersNoRefetch() async {
    let (harness, _) = makeStage()
    let cache = makeCache(harness)
    cache.prefetch("loaded", on: harness.stage.scheduler) { "A" }
    await harness.settle()
    cache.insert("B", forKey: "inserted")
    harness.press(.function(12))
    harness.renderIfNeeded()
    // Home selects "loaded", the first row: refetch is offered.
    harness.press(.home)
    harness.renderIfNeeded()
    // The hint line's "r refetch" starts at column 2 of row 9.
    #expect(!harness.style(x: 2, y: 9).attributes.contains(.dim))
    harness.press(.end)
    harness.renderIfNeeded()
    #expect(harness.style(x: 2, y: 9).attributes.contains(.dim))
    #expect(harness.press("r"))
    harness.press(.escape)
    await harness.finish()
  }

  @Test(arguments: all)
  func aScreensLoadIsNamedByItsScreenWhileItLoadsAndAfterItFailed(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, holder) = makeStage()
    let subject = variant.make(loader.source(.async))
    holder.addChild(subject.screen)
    await harness.advance(by: .seconds(1))
    harness.press(.function(12))
    harness.renderIfNeeded()
    let name = variant == .container ? "LoadingController" : "LoadingContent"
    #expect(line(harness, with: "loading")?.hasPrefix("› \(name) ") == true)
    harness.press(.escape)
    loader.reject(SampleError())
    await harness.settle()
    harness.press(.function(12))
    harness.renderIfNeeded()
    #expect(line(harness, with: "failed")?.hasPrefix("› \(name) ") == true)
    harness.press(.escape)
    await harness.finish()
  }
}

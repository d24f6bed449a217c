import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

@testable import DemoKit

/// The episodes browser's prefetching and starring, as a user of `Demo` sees them, for both
/// loading variants, on the virtual clock.
@MainActor
@Suite struct EpisodeBrowserTests {
  static let size = Size(width: 100, height: 30)
  /// The fifth row down: "#02  Loading View Controllers".
  static let episodeTitle = "Loading View Controllers"

  /// The browser over a service whose loads take `latency` on the harness's clock and fail at
  /// `failRate`; the harness is returned with the service.
  private func browser(
    _ variant: LoadingVariant, latency: Duration = .milliseconds(500), failRate: Double = 0
  ) async -> (ScreenHarness, CatalogueService) {
    let time = ScreenHarness(root: Screen(), size: Size(width: 1, height: 1))
    let service = CatalogueService(
      network: NetworkConditions(latency: latency, jitter: 0, failRate: failRate),
      clock: ScreenClock(time.clock))
    let settings = DisplaySettings()
    let root = EpisodeBrowser(service: service, variant: .one(variant), settings: settings)
      .makeRoot()
    let harness = ScreenHarness(root: root, size: Self.size, sharingTimeWith: time)
    await harness.advance(by: .seconds(1))
    return (harness, service)
  }

  @Test(arguments: LoadingVariant.allCases)
  func theSelectedEpisodeIsPrefetchedSoOpeningItShowsItAtOnce(variant: LoadingVariant) async {
    let (harness, service) = await browser(variant)
    #expect(harness.contains("Swift Sessions"))
    let loads = service.loadCount
    for _ in 1...5 { harness.press("j") }
    #expect(service.loadCount == loads, "moving through the list loads nothing")
    await harness.advance(by: EpisodeBrowser.prefetchDelay)
    #expect(service.loadCount == loads + 1, "resting on an episode prefetches it")
    await harness.advance(by: .seconds(1))

    harness.press(.enter)
    harness.renderIfNeeded()
    #expect(harness.contains("More in Building UIs"), "the detail shows on the first frame")
    #expect(!harness.contains("Loading…"))
    await harness.advance(by: .seconds(1))
    harness.press(.escape)
    await harness.finish()
  }

  @Test(arguments: LoadingVariant.allCases)
  func openingAnEpisodeWhilePrefetchRunsJoinsIt(variant: LoadingVariant) async {
    let (harness, service) = await browser(variant)
    let loads = service.loadCount
    for _ in 1...5 { harness.press("j") }
    await harness.advance(by: EpisodeBrowser.prefetchDelay)
    harness.press(.enter)
    await harness.advance(by: .seconds(1))
    #expect(harness.contains("More in Building UIs"))
    #expect(service.loadCount == loads + 1, "one load for the prefetch and the screen")
    harness.press(.escape)
    await harness.finish()
  }

  /// Opens the fifth row's episode and waits for its detail.
  private func openEpisode(_ harness: ScreenHarness) async {
    for _ in 1...5 { harness.press("j") }
    harness.press(.enter)
    await harness.advance(by: .seconds(1))
    #expect(harness.contains("More in Building UIs"))
  }

  @Test(arguments: LoadingVariant.allCases)
  func starringShowsAtOnceAndStaysWhenTheServerAgrees(variant: LoadingVariant) async {
    let (harness, _) = await browser(variant)
    await openEpisode(harness)
    #expect(harness.contains("s star"))
    harness.press("s")
    harness.renderIfNeeded()
    #expect(harness.contains("★ #02  \(Self.episodeTitle)"), "before the server answers")
    #expect(harness.contains("s unstar"))
    await harness.advance(by: .seconds(1))
    #expect(harness.contains("★ #02"))

    // A refresh reads the star back from the server.
    harness.press("r")
    await harness.advance(by: .seconds(1))
    #expect(harness.contains("★ #02"))
    #expect(!harness.contains("refreshing"))
    harness.press(.escape)
    await harness.finish()
  }

  @Test(arguments: LoadingVariant.allCases)
  func aStarTheServerRefusesIsTakenBackWithTheError(variant: LoadingVariant) async {
    // Half the requests fail, from a fixed seed: the loads are retried until they succeed,
    // and stars are toggled until the server refuses one.
    let (harness, _) = await browser(variant, failRate: 0.5)
    for _ in 0..<10 where !harness.contains("Swift Sessions ·") {
      harness.press("r")
      await harness.advance(by: .seconds(1))
    }
    for _ in 1...5 { harness.press("j") }
    harness.press(.enter)
    await harness.advance(by: .seconds(1))
    for _ in 0..<10 where !harness.contains("More in Building UIs") {
      harness.press("r")
      await harness.advance(by: .seconds(1))
    }
    #expect(harness.contains("More in Building UIs"))

    var refused = false
    for _ in 0..<10 where !refused {
      let wasStarred = harness.contains("★ #02")
      harness.press("s")
      harness.renderIfNeeded()
      #expect(harness.contains("★ #02") == !wasStarred, "the change shows at once")
      await harness.advance(by: .seconds(1))
      if harness.contains("change failed") {
        refused = true
        #expect(harness.contains("★ #02") == wasStarred, "the refused change is taken back")
        #expect(harness.contains("Esc dismiss"))
        harness.press(.escape)
        harness.renderIfNeeded()
        #expect(!harness.contains("change failed"))
      } else {
        #expect(harness.contains("★ #02") == !wasStarred)
      }
    }
    #expect(refused)
    harness.press(.escape)
    await harness.finish()
  }
}

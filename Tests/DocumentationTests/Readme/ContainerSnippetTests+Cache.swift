// swift-format-ignore-file
import ScreenKit
import ScreenKitTesting
import Testing

/// README, "Loading, two ways": a cache shared by the screens of a key.
enum CacheExample {
  @MainActor static func makeDetail() -> (Int) -> LoadingController<Episode> {
    // snippet: readme-loading-cache
    let details = LoadCache<Int, Episode>(timeToLive: .seconds(300), countLimit: 50)
    func detail(_ number: Int) -> LoadingController<Episode> {
      LoadingController(cache: details, key: number, load: { try await catalogue.episode(number) }) {
        ContainerExample.EpisodeScreen($0)
      }
    }
    // end-snippet
    return detail
  }
}

// NB: in the container's suite, which runs one test at a time, like every suite that points
// the shared `catalogue` at its loader.
extension CatalogueSuites.ContainerSnippetTests {
  private var size: Size { Size(width: 40, height: 6) }

  @Test func anEpisodeSeenBeforeShowsOnTheFirstFrameAndIsRefreshed() async {
    let detail = CacheExample.makeDetail()
    let first = ScreenHarness(root: detail(7), size: size)
    await first.settle()
    loader.resolve(Episode(title: "Swift Talk 7"))
    await first.advance(by: .milliseconds(400))
    #expect(first.contains("Swift Talk 7"))
    await first.finish()

    let again = ScreenHarness(root: detail(7), size: size)
    #expect(again.frameCount == 1)
    #expect(again.contains("Swift Talk 7"))
    #expect(again.contains("refreshing"))
    await again.settle()
    #expect(loader.callCount == 2)
    loader.resolve(Episode(title: "Swift Talk 7, revised"))
    await again.settle()
    #expect(again.contains("revised"))
    #expect(!again.contains("refreshing"))
    await again.finish()
  }

  @Test func twoScreensOfOneEpisodeShareOneLoad() async {
    let detail = CacheExample.makeDetail()
    let (left, right) = (detail(7), detail(7))
    let harness = ScreenHarness(
      root: SplitScreen(axis: .horizontal, panes: [left, right]), size: size)
    await harness.settle()
    #expect(loader.callCount == 1)
    loader.resolve(Episode(title: "Swift Talk 7"))
    await harness.settle()
    #expect(left.state.value == Episode(title: "Swift Talk 7"))
    #expect(right.state.value == Episode(title: "Swift Talk 7"))
    await harness.finish()
  }
}

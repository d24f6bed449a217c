// swift-format-ignore-file
import ScreenKit
import ScreenKitTesting
import Testing

/// README, "Loading, two ways": the container variant.
enum ContainerExample {
  /// The README's plain content screen: it gets a value and knows nothing of loading.
  final class EpisodeScreen: Screen {
    let episode: Episode
    init(_ episode: Episode) {
      self.episode = episode
      super.init()
    }
    override func draw(in canvas: inout Canvas) { canvas.drawText(episode.title, at: .zero) }
  }
}

extension ContainerExample {
  @MainActor static func detail() -> LoadingController<Episode> {
    // snippet: readme-loading-container
    let detail = LoadingController(load: { try await catalogue.episode(7) }) { episode in
      EpisodeScreen(episode)   // a plain screen that knows nothing of loading
    }
    // end-snippet
    return detail
  }
}

extension CatalogueSuites {
  @MainActor @Suite(.serialized) struct ContainerSnippetTests {
    let loader = FakeLoader<Episode>()

    init() { catalogue.use(loader) }

    @Test func itLoadsShowsTheContentAndHasTwoNodesEitherWay() async {
      let harness = ScreenHarness(root: ContainerExample.detail(), size: Size(width: 40, height: 6))
      await harness.advance(by: .milliseconds(150))
      #expect(harness.contains("Loading…"))
      #expect(harness.root.children.count == 1)
      loader.resolve(Episode(title: "Swift Talk 7"))
      await harness.advance(by: .milliseconds(400))
      #expect(harness.contains("Swift Talk 7"))
      #expect(harness.root.children.count == 1)
      #expect(harness.root.children.first is ContainerExample.EpisodeScreen)
      await harness.finish()
    }

    @Test func aFailureIsRetriedWithR() async {
      let harness = ScreenHarness(root: ContainerExample.detail(), size: Size(width: 40, height: 6))
      loader.reject(ServerDown())
      await harness.settle()
      #expect(harness.contains("The server is down"))
      harness.press(.character("r"))
      #expect(loader.callCount == 2)
      loader.resolve(Episode(title: "Swift Talk 7"))
      await harness.advance(by: .milliseconds(600))
      #expect(harness.contains("Swift Talk 7"))
      await harness.finish()
    }
  }
}

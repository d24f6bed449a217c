import ScreenKit
import ScreenKitTesting
import Testing

extension CatalogueSuites {
  @MainActor @Suite(.serialized) struct ContainerSnippetTests {
    let loader = FakeLoader<Episode>()

    init() { catalogue.use(loader) }

    @Test func itLoadsShowsTheContentAndHasTwoNodesEitherWay() async {
      let harness = ScreenHarness(root: LoadingSection().detail, size: Size(width: 40, height: 6))
      await harness.advance(by: .milliseconds(150))
      #expect(harness.contains("Loading…"))
      #expect(harness.root.children.count == 1)
      loader.resolve(Episode(title: "Swift Talk 7"))
      await harness.advance(by: .milliseconds(400))
      #expect(harness.contains("Swift Talk 7"))
      #expect(harness.root.children.count == 1)
      #expect(harness.root.children.first is LoadingSection.EpisodeScreen)
      await harness.finish()
    }

    @Test func aFailureIsRetriedWithR() async {
      let harness = ScreenHarness(root: LoadingSection().detail, size: Size(width: 40, height: 6))
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

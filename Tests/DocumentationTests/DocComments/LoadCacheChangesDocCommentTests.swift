import ScreenKit
import ScreenKitLoading
import ScreenKitTesting
import Testing

/// `LoadCache`'s prefetch and change examples, doing what their doc comments say.
extension CatalogueSuites {
  @MainActor @Suite(.serialized) struct LoadCacheChangesDocCommentTests {
    let loader = FakeLoader<Episode>()
    let changes = FakeLoader<Episode?>()
    let size = Size(width: 40, height: 6)

    init() {
      catalogue.use(loader)
      catalogue.useForChanges(changes)
    }

    /// A list whose selection prefetches the episode of its row number, as the example does.
    private func prefetchingList(details: LoadCache<Int, Episode>, on stage: Stage) -> ListScreen {
      let list = ListScreen(rows: [Episode(title: "One"), Episode(title: "Two")])
      // snippet: doc-load-cache-prefetch
      list.onSelect = { number, _ in
        details.prefetch(number, on: stage.scheduler) { try await catalogue.episode(number) }
      }
      // end-snippet
      return list
    }

    @Test func selectingARowLoadsItsEpisodeAndItsScreenShowsItAtOnce() async {
      let details = LoadCache<Int, Episode>()
      let holder = Screen()
      let harness = ScreenHarness(root: holder, size: size)
      let list = prefetchingList(details: details, on: harness.stage)
      holder.addChild(list)
      list.becomeFocused()
      harness.press(.down)
      await harness.settle()
      #expect(loader.callCount == 1)
      loader.resolve(Episode(title: "Two"))
      await harness.settle()
      #expect(details.value(forKey: 1) == Episode(title: "Two"))

      list.removeFromParent()
      holder.addChild(
        LoadingController(load: { try await catalogue.episode(1) }, cache: details.slot(for: 1)) {
          TextScreen(text: $0.title)
        })
      harness.renderIfNeeded()
      #expect(harness.contains("Two"), "shown on its first frame")
      await harness.settle()
      loader.resolve(Episode(title: "Two"))
      await harness.finish()
    }

    @Test func aStarShowsAtOnceAndIsTakenBackWhenTheServerFails() async {
      let details = LoadCache<Int, Episode>()
      func text(_ episode: Episode) -> String {
        episode.isStarred ? "★ \(episode.title)" : episode.title
      }
      let detail = LoadingController(
        load: { try await catalogue.episode(7) }, cache: details.slot(for: 7),
        build: { TextScreen(text: text($0)) },
        update: { screen, episode in screen.text = text(episode) })
      let harness = ScreenHarness(root: detail, size: size)
      await harness.settle()
      loader.resolve(Episode(title: "Seven"))
      await harness.settle()
      let stage = harness.stage

      // snippet: doc-load-cache-mutate
      details.mutate(
        7, on: stage.scheduler, optimistic: { $0.starred(true) },
        perform: { try await catalogue.star(7) })
      // end-snippet
      harness.renderIfNeeded()
      #expect(harness.contains("★ Seven"))
      await harness.settle()
      changes.reject(ServerDown())
      await harness.settle()
      #expect(!harness.contains("★"))
      #expect(harness.contains("change failed: The server is down"))
      await harness.finish()
    }
  }
}

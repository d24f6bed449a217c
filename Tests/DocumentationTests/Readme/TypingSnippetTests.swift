// swift-format-ignore-file
import ScreenKit
import ScreenKitLoading
import ScreenKitTesting
import Testing

// The README's "Typing, and loads that follow it" example: a field whose text is the key of a
// search, typed in a harness; the load waits for typing to pause, once.
extension CatalogueSuites.ContainerSnippetTests {
  @Test func typingIntoTheFieldSearchesOnceTypingPauses() async {
    // snippet: readme-typing
    let query = LoadKey("")
    let field = TextField(placeholder: "Search", prompt: "> ")
    field.onChange = { text in query.value = text }
    let results = LoadingController(
      key: query, options: LoadOptions(debounce: .milliseconds(200)),
      load: { text in try await catalogue.search(text) }
    ) { episodes in EpisodeList(episodes) }
    // end-snippet
    let screen = TypingScreen(field: field, results: results)
    let harness = ScreenHarness(root: screen, size: Size(width: 30, height: 4))
    await harness.settle()
    #expect(loader.callCount == 1, "the first load, of the empty query")
    loader.resolve(Episode(title: "Everything"))
    await harness.settle()
    field.becomeFocused()
    harness.type("Swift")
    #expect(harness.contains("> Swift"))
    #expect(harness.cursor == Point(x: 7, y: 0))
    await harness.advance(by: .milliseconds(199))
    #expect(loader.callCount == 1)
    #expect(results.isStale)
    await harness.advance(by: .milliseconds(1))
    #expect(loader.callCount == 2, "one load for the five letters")
    loader.resolve(Episode(title: "Swift Talk"))
    await harness.settle()
    #expect(results.loadState.value == [Episode(title: "Swift Talk")])
    #expect(!results.isStale)
    await harness.finish()
  }
}

/// The field on the first row, the results under it.
private final class TypingScreen: Screen {
  private let field: TextField
  private let results: Screen

  init(field: TextField, results: Screen) {
    self.field = field
    self.results = results
    super.init()
    addChild(field)
    addChild(results)
  }

  override func layoutChildren() {
    field.frame = Rect(x: 0, y: 0, width: bounds.width, height: 1)
    results.frame = Rect(x: 0, y: 1, width: bounds.width, height: bounds.height - 1)
  }
}

/// The list the search builds.
private final class EpisodeList: Screen {
  let episodes: [Episode]

  init(_ episodes: [Episode]) {
    self.episodes = episodes
    super.init()
  }

  override func draw(in canvas: inout Canvas) {
    for (row, episode) in episodes.enumerated() {
      canvas.drawText(episode.title, at: Point(x: 0, y: row))
    }
  }
}

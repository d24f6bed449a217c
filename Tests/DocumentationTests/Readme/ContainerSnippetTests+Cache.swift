import ScreenKit
import ScreenKitLoading
import ScreenKitTesting
import Testing

// NB: in the container's suite, which runs one test at a time, like every suite that points
// the shared `catalogue` at its loader.
extension CatalogueSuites.ContainerSnippetTests {
  private var size: Size { Size(width: 40, height: 6) }

  @Test func anEpisodeSeenBeforeShowsOnTheFirstFrameAndIsRefreshed() async {
    let section = LoadingSection()
    let first = ScreenHarness(root: section.detail(7), size: size)
    await first.settle()
    loader.resolve(Episode(title: "Swift Talk 7"))
    await first.advance(by: .milliseconds(400))
    #expect(first.contains("Swift Talk 7"))
    await first.finish()

    let again = ScreenHarness(root: section.detail(7), size: size)
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
    let section = LoadingSection()
    let (left, right) = (section.detail(7), section.detail(7))
    let harness = ScreenHarness(
      root: SplitScreen(axis: .horizontal, panes: [left, right]), size: size)
    await harness.settle()
    #expect(loader.callCount == 1)
    loader.resolve(Episode(title: "Swift Talk 7"))
    await harness.settle()
    #expect(left.loadState.value == Episode(title: "Swift Talk 7"))
    #expect(right.loadState.value == Episode(title: "Swift Talk 7"))
    await harness.finish()
  }
}

// NB: `LoadKey`'s doc comment loads through the shared `catalogue`, so its test runs here.
extension CatalogueSuites.ContainerSnippetTests {
  @Test func aKeyedControllerLoadsTheQueryOnceTypingPauses() async {
    let (query, results) = ScreenKitDocComments.searchResults()
    let harness = ScreenHarness(root: results, size: size)
    await harness.settle()
    #expect(loader.callCount == 1, "the first load, of the query set before it appeared")
    loader.resolve(Episode(title: "Swift Talk"))
    await harness.settle()
    query.value = "Swift Talk"
    await harness.advance(by: .milliseconds(249))
    #expect(results.isStale)
    #expect(loader.callCount == 1)
    await harness.advance(by: .milliseconds(1))
    #expect(loader.callCount == 2)
    loader.resolve(Episode(title: "Swift Talk 7"))
    await harness.settle()
    #expect(results.loadState.value == [Episode(title: "Swift Talk 7")])
    #expect(results.shownKey as? String == "Swift Talk")
    await harness.finish()
  }
}

// NB: so does `valueForCurrentKey()`'s, which opens a result of the query typed.
extension CatalogueSuites.ContainerSnippetTests {
  @Test func enterOpensAResultOfTheQueryTypedNotOfTheOneShown() async {
    let (query, results) = ScreenKitDocComments.searchResults()
    let field = TextField()
    var opened: [Episode?] = []
    ScreenKitDocComments.openOnEnter(field: field, results: results) { opened.append($0) }
    let harness = ScreenHarness(root: results, size: size)
    await harness.settle()
    loader.resolve(Episode(title: "Swift Talk"))
    await harness.settle()
    query.value = "Swift Talk 7"
    // Enter within the debounce: the results shown are the old query's, so it loads at once.
    field.onSubmit?(query.value)
    await harness.settle()
    #expect(loader.callCount == 2)
    #expect(opened.isEmpty)
    loader.resolve(Episode(title: "Swift Talk 7"))
    await harness.settle()
    #expect(opened == [Episode(title: "Swift Talk 7")])
    await harness.finish()
  }
}

// NB: so does the `Loading` screen's `load(key:)` example.
extension CatalogueSuites.ContainerSnippetTests {
  @Test func aLoadingScreenFollowsItsQuery() async {
    let query = LoadKey("Swift")
    let screen = ScreenKitDocComments.SearchResults(query: query)
    let harness = ScreenHarness(root: screen, size: size)
    await harness.settle()
    loader.resolve(Episode(title: "Swift Talk"))
    await harness.settle()
    query.value = "Swift Talk"
    await harness.advance(by: .milliseconds(250))
    #expect(loader.callCount == 2)
    loader.resolve(Episode(title: "Swift Talk 7"))
    await harness.settle()
    #expect(screen.episodes == [Episode(title: "Swift Talk 7")])
    #expect(!screen.isStale)
    await harness.finish()
  }
}

// NB: so does `LoadOptions`'s example of refreshing on its own.
extension CatalogueSuites.ContainerSnippetTests {
  @Test func theListRefreshesEveryMinuteAndWhenFocusComesBackToAnOldOne() async {
    let episodes = ScreenKitDocComments.refreshingEpisodes()
    let harness = ScreenHarness(root: episodes, size: size)
    await harness.settle()
    loader.resolve(Episode(title: "Swift Talk 1"))
    await harness.settle()
    await harness.advance(by: .seconds(60))
    #expect(loader.callCount == 2, "a minute after the answer")
    loader.resolve(Episode(title: "Swift Talk 2"))
    await harness.settle()

    await harness.advance(by: .seconds(10))
    harness.setTerminalFocus(false)
    harness.setTerminalFocus(true)
    #expect(loader.callCount == 2, "a list ten seconds old stays")
    await harness.advance(by: .seconds(25))
    harness.setTerminalFocus(false)
    harness.setTerminalFocus(true)
    #expect(loader.callCount == 3, "one 35 seconds old refreshes")
    loader.resolve(Episode(title: "Swift Talk 3"))
    await harness.settle()
    #expect(episodes.loadState.value == [Episode(title: "Swift Talk 3")])
    await harness.finish()
  }
}

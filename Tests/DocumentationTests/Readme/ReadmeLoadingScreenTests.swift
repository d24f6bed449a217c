import ScreenKit
import ScreenKitTesting
import Testing

extension CatalogueSuites {
  /// The README's `Loading` screen, written exactly as documented, in realistic parents.
  ///
  /// It is mounted as the demo mounts its detail: beside a focusable list, or pushed on a
  /// navigation stack. It must load, fail, retry with `r` and Enter, refresh with `r`, and cancel
  /// when removed, with no code of its own for any of that.
  @MainActor
  @Suite(.serialized) struct ReadmeLoadingScreenTests {
    private let loader = FakeLoader<Episode>()
    private let list = ListScreen(rows: [Episode(title: "Episode 7")])
    private let screen = LoadingSection.LoadingEpisodeScreen()

    init() {
      catalogue.use(loader)
      list.title = "Episodes"
      screen.title = "Detail"
    }

    /// A list on the left, the README's screen on the right; the list has focus, as in the demo.
    private func mountBesideList() -> ScreenHarness {
      let split = SplitScreen(panes: [list, screen])
      return ScreenHarness(root: split, size: Size(width: 61, height: 6))
    }

    @Test func itLoadsBesideAFocusableList() async {
      let harness = mountBesideList()
      #expect(loader.callCount == 1)
      await harness.advance(by: .milliseconds(150))
      #expect(harness.contains("Loading…"))
      loader.resolve(Episode(title: "Swift Talk 7", minutes: 20))
      await harness.advance(by: .milliseconds(400))
      #expect(harness.contains("Swift Talk 7"))
      #expect(!harness.contains("Loading…"))
      #expect(screen.loadState.value?.title == "Swift Talk 7")
      await harness.finish()
    }

    @Test func itTakesFocusSoItsKeysReachIt() async {
      let harness = mountBesideList()
      #expect(screen.canBecomeFocused)
      #expect(harness.stage.focusableScreens.contains { $0 === screen })
      #expect(harness.stage.focusedScreen === list)
      harness.press(.tab)
      #expect(harness.stage.focusedScreen === screen)
      loader.resolve(Episode(title: "Swift Talk 7", minutes: 20))
      await harness.finish()
    }

    @Test(arguments: [Key.character("r"), Key.enter])
    func aFailureIsRetriedWithItsKey(key: Key) async {
      let harness = mountBesideList()
      loader.reject(ServerDown())
      await harness.settle()
      #expect(harness.contains("The server is down"))
      harness.press(.tab)
      harness.press(key)
      #expect(loader.callCount == 2)
      #expect(screen.loadState.isInFlight)
      loader.resolve(Episode(title: "Swift Talk 7", minutes: 20))
      await harness.advance(by: .milliseconds(600))
      #expect(harness.contains("Swift Talk 7"))
      #expect(!harness.contains("The server is down"))
      await harness.finish()
    }

    @Test func rRefreshesLoadedContentAndKeepsItShown() async {
      let harness = mountBesideList()
      loader.resolve(Episode(title: "Swift Talk 7", minutes: 20))
      await harness.settle()
      harness.press(.tab)
      harness.press(.character("r"))
      #expect(loader.callCount == 2)
      #expect(screen.loadState.isInFlight)
      await harness.settle()
      #expect(harness.contains("Swift Talk 7"))
      #expect(harness.contains("refreshing"))
      loader.resolve(Episode(title: "Swift Talk 7, revised", minutes: 21))
      await harness.settle()
      #expect(harness.contains("Swift Talk 7, revised"))
      #expect(!harness.contains("refreshing"))
      await harness.finish()
    }

    @Test func keysTheScreenDoesNotAnswerGoOnToItsParents() async {
      let harness = mountBesideList()
      loader.resolve(Episode(title: "Swift Talk 7", minutes: 20))
      await harness.settle()
      harness.press(.tab)
      #expect(harness.stage.focusedScreen === screen)
      // The split's Tab still moves focus back: the loader answers only its own keys.
      harness.press(.tab)
      #expect(harness.stage.focusedScreen === list)
      await harness.finish()
    }

    @Test func poppingTheScreenCancelsItsLoadAndALateAnswerShowsNothing() async {
      let navigation = NavigationScreen(root: list)
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 6))
      navigation.push(screen)
      await harness.settle()
      #expect(loader.callCount == 1)
      #expect(harness.stage.focusedScreen === screen)
      harness.press(.escape)
      await harness.settle()
      #expect(loader.cancellationCount == 1)
      #expect(screen.loadState.description == "idle")
      loader.resolve(Episode(title: "Too late", minutes: 1))
      await harness.settle()
      #expect(screen.episode == nil)
      #expect(!harness.contains("Too late"))
      await harness.finish()
    }

    @Test func comingBackAfterAPushShowsTheContentAndRefreshesIt() async {
      let navigation = NavigationScreen(root: screen)
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 6))
      loader.resolve(Episode(title: "Swift Talk 7", minutes: 20))
      await harness.settle()
      navigation.push(TextScreen(text: "Notes"))
      await harness.settle()
      _ = navigation.pop()
      await harness.settle()
      #expect(harness.contains("Swift Talk 7"))
      #expect(!harness.contains("Loading…"))
      #expect(loader.callCount == 2)
      loader.resolve(Episode(title: "Swift Talk 7, revised", minutes: 21))
      await harness.settle()
      #expect(harness.contains("Swift Talk 7, revised"))
      await harness.finish()
    }
  }
}

import ScreenKit
import ScreenKitTesting
import Testing

extension Navigation {
  @MainActor
  @Suite struct NavigationScreenTests {
    private func makeNavigation() -> (NavigationScreen, ProbeScreen) {
      let root = titledProbe("Episodes")
      let navigation = NavigationScreen(root: root)
      navigation.name = "Nav"
      return (navigation, root)
    }

    @Test func showsTheTitleBarContentAndKeyHintBar() async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 5))
      expectScreen(harness, [" Episodes", "*Episodes", "", "", " ? help"])
      #expect(harness.style(x: 1, y: 0).attributes.contains(.reverse))
      await harness.finish()
    }

    @Test func pushCoversTheTopScreenWithExactLifecycleCalls() async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 5))
      harness.journal.clear()
      navigation.push(titledProbe("Detail"))
      #expect(
        harness.journal.descriptions == [
          "Episodes.willMove(toParent: nil)", "Episodes.willDisappear", "Episodes.didDisappear",
          "Episodes.didMove(toParent: nil)",
          "Detail.willMove(toParent: Nav)", "Detail.didLoad", "Detail.willAppear",
          "Detail.didAppear", "Detail.didMove(toParent: Nav)",
        ])
      #expect(navigation.stack.map(\.name) == ["Episodes", "Detail"])
      #expect(navigation.children.map(\.name) == ["Detail"])
      await harness.finish()
    }

    @Test func popShowsTheCoveredScreenAgainWithoutLoadingItTwice() async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 5))
      navigation.push(titledProbe("Detail"))
      harness.journal.clear()
      harness.press(.escape)
      #expect(
        harness.journal.descriptions == [
          "Detail.willMove(toParent: nil)", "Detail.willDisappear", "Detail.didDisappear",
          "Detail.didMove(toParent: nil)",
          "Episodes.willMove(toParent: Nav)", "Episodes.willAppear", "Episodes.didAppear",
          "Episodes.didMove(toParent: Nav)",
        ])
      #expect(navigation.stack.map(\.name) == ["Episodes"])
      await harness.finish()
    }

    @Test func poppedScreenIsReleased() async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 5))
      weak var weakDetail: ProbeScreen?
      do {
        let detail = titledProbe("Detail")
        weakDetail = detail
        navigation.push(detail)
      }
      harness.press("x")
      #expect(weakDetail != nil)
      harness.press(.backspace)
      #expect(weakDetail == nil)
      await harness.finish()
    }

    @Test(arguments: [Key.escape, .backspace, "h"])
    func escapeBackspaceAndHPop(key: Key) async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 5))
      navigation.push(titledProbe("Detail"))
      #expect(harness.press(key))
      #expect(navigation.topScreen.name == "Episodes")
      await harness.finish()
    }

    @Test func theRootNeverPops() async {
      let (navigation, root) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 5))
      #expect(!harness.press(.escape))
      #expect(navigation.pop() == nil)
      #expect(navigation.stack.count == 1)
      #expect(root.parent === navigation)
      await harness.finish()
    }

    @Test func aTopScreenThatHandlesEscapeKeepsIt() async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 5))
      navigation.push(titledProbe("Editor", handles: [.escape]))
      harness.press(.escape)
      #expect(navigation.topScreen.name == "Editor")
      await harness.finish()
    }

    @Test func popToRootRemovesOnlyTheVisibleScreenFromTheHierarchy() async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 5))
      navigation.push(titledProbe("Detail"))
      navigation.push(titledProbe("Notes"))
      harness.journal.clear()
      let popped = navigation.popToRoot()
      #expect(popped.map(\.name) == ["Detail", "Notes"])
      #expect(
        harness.journal.descriptions == [
          "Notes.willMove(toParent: nil)", "Notes.willDisappear", "Notes.didDisappear",
          "Notes.didMove(toParent: nil)",
          "Episodes.willMove(toParent: Nav)", "Episodes.willAppear", "Episodes.didAppear",
          "Episodes.didMove(toParent: Nav)",
        ])
      await harness.finish()
    }

    @Test func pushFocusesTheFirstFocusableScreenOfTheNewTop() async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 5))
      let detail = titledProbe("Detail", focusable: false)
      let field = ProbeScreen("Field", focusable: true)
      detail.addChild(field)
      navigation.push(detail)
      #expect(harness.stage.focusedScreen === field)
      await harness.finish()
    }

    @Test func popRestoresTheFocusTheCoveredScreenHad() async {
      let container = titledProbe("Episodes", focusable: false)
      let first = ProbeScreen("First", focusable: true)
      let second = ProbeScreen("Second", focusable: true)
      container.addChild(first)
      container.addChild(second)
      let navigation = NavigationScreen(root: container)
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 5))
      second.becomeFocused()
      navigation.push(titledProbe("Detail"))
      harness.press(.escape)
      #expect(harness.stage.focusedScreen === second)
      await harness.finish()
    }

    @Test func aTopScreenWithNothingFocusableStillPopsOnEscape() async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 5))
      navigation.push(TitleForwardingScreen(name: "Loader"))
      #expect(harness.stage.focusedScreen === navigation)
      harness.press(.escape)
      #expect(navigation.topScreen.name == "Episodes")
      await harness.finish()
    }

    @Test func titleBarFollowsAChildThatChangesItsTitleWhileShown() async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 5))
      let loader = TitleForwardingScreen(name: "Loader")
      navigation.push(loader)
      #expect(harness.lines[0].hasPrefix(" Episodes › Loading "))
      let content = titledProbe("Content", title: "Episode 12")
      loader.mount(content)
      harness.renderIfNeeded()
      #expect(harness.lines[0].hasPrefix(" Episodes › Episode 12 "))
      content.title = "Episode 12 (HD)"
      #expect(harness.lines[0].hasPrefix(" Episodes › Episode 12 (HD) "))
      await harness.finish()
    }

    @Test func focusMovesIntoContentMountedAfterThePush() async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 5))
      let loader = TitleForwardingScreen(name: "Loader")
      navigation.push(loader)
      let content = titledProbe("Content")
      loader.mount(content)
      #expect(harness.stage.focusedScreen === content)
      await harness.finish()
    }

    @Test func hintBarShowsTheFocusedScreensHintsThenItsAncestors() async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 40, height: 5))
      let detail = titledProbe("Detail")
      detail.keyHints = [KeyHint("r", "refresh")]
      navigation.push(detail)
      expectScreen(
        harness, [" Episodes › Detail", "*Detail", "", "", " r refresh  Esc back  ? help"])
      await harness.finish()
    }

    @Test func hintBarListsEachKeyOnceTheInnermostWinning() async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 40, height: 5))
      let editor = titledProbe("Editor", handles: [.escape])
      editor.keyHints = [KeyHint(.escape, "cancel")]
      navigation.push(editor)
      #expect(harness.lines[4].hasPrefix(" Esc cancel  ? help "))
      await harness.finish()
    }

    @Test func hintBarFollowsFocusBetweenScreens() async {
      let container = titledProbe("Episodes", focusable: false)
      let first = ProbeScreen("First", focusable: true)
      first.keyHints = [KeyHint("a", "first")]
      let second = ProbeScreen("Second", focusable: true)
      second.keyHints = [KeyHint("b", "second")]
      container.addChild(first)
      container.addChild(second)
      let navigation = NavigationScreen(root: container)
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 5))
      #expect(harness.lines[4].hasPrefix(" a first  ? help "))
      harness.press(.tab)
      #expect(harness.stage.focusedScreen === second)
      #expect(harness.lines[4].hasPrefix(" b second  ? help "))
      await harness.finish()
    }

    @Test func breadcrumbShowsThePathToTheTopScreen() async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 40, height: 5))
      navigation.push(titledProbe("Swift Talk"))
      navigation.push(titledProbe("Episode 12"))
      #expect(harness.lines[0].hasPrefix(" Episodes › Swift Talk › Episode 12 "))
      #expect(harness.style(x: 30, y: 0).attributes.contains(.bold))
      #expect(!harness.style(x: 2, y: 0).attributes.contains(.bold))
      await harness.finish()
    }

    @Test func deepBreadcrumbIsShortenedFromTheLeft() async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 5))
      for title in ["Swift Talk", "Episode 12", "Notes"] { navigation.push(titledProbe(title)) }
      expectScreen(harness, [" … › Episode 12 › Notes", "*Notes", "", "", " Esc back  ? help"])
      await harness.finish()
    }

    @Test func titleWiderThanTheBarIsTruncated() async {
      let (navigation, _) = makeNavigation()
      let harness = ScreenHarness(root: navigation, size: Size(width: 12, height: 3))
      navigation.push(titledProbe("Detail", title: "你好世界你好世界"))
      #expect(harness.lines[0] == " 你好世界…  ")
      await harness.finish()
    }
  }
}

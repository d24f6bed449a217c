import ScreenKit
import ScreenKitLoading
import ScreenKitTesting
import Testing

/// What only the container variant does: it is a node with children of its own.
@MainActor
@Suite struct LoadingControllerTests {
  private let size = Size(width: 30, height: 5)

  /// A controller without `update`, mounted with its first load answered with `value`.
  private func mountLoaded(
    _ value: String
  ) async -> (FakeLoader<String>, LoadingController<String>, ScreenHarness) {
    let loader = FakeLoader<String>()
    let controller = LoadingController(source: loader.source(.async)) { ContentScreen(value: $0) }
    let harness = ScreenHarness(root: controller, size: size)
    loader.resolve(value)
    await harness.settle()
    return (loader, controller, harness)
  }

  @Test func theContentIsAChildAndTheSpinnerIsGoneOnceLoaded() async {
    let loader = FakeLoader<String>()
    let controller = LoadingController(source: loader.source(.async)) { ContentScreen(value: $0) }
    let harness = ScreenHarness(root: controller, size: size)
    await harness.advance(by: .milliseconds(150))
    #expect(controller.children.map(\.name) == ["Spinner"])
    loader.resolve("a")
    await harness.advance(by: .milliseconds(400))
    #expect(controller.children.map(\.name) == ["Content"])
    #expect(controller.subtreeCount == 2)
    // The content takes no focus, so the controller holds it and gets its keys first.
    #expect(harness.stage.focusedScreen === controller)
    await harness.finish()
  }

  @Test func theLoadIsCancelledBeforeTheChildrenDisappear() async {
    let holder = Holder()
    let order = Recorder()
    let controller = LoadingController(
      source: .callback(load: { _, _ in }, cancel: { order.events.append("cancel") })
    ) { ContentScreen(value: $0) }
    holder.addChild(controller)
    let harness = ScreenHarness(root: holder, size: size)
    await harness.advance(by: .milliseconds(150))
    controller.loadingScreen?.observeLifecycle { order.events.append("\($0.hook)") }
    controller.removeFromParent()
    #expect(order.events.first == "cancel")
    #expect(order.events.contains("willDisappear"))
    await harness.finish()
  }

  @Test func updateReusesTheMountedChildOnRefresh() async {
    let loader = FakeLoader<String>()
    let controller = LoadingController(
      source: loader.source(.async), build: { ContentScreen(value: $0) },
      update: { screen, value in screen.value = value })
    let harness = ScreenHarness(root: controller, size: size)
    loader.resolve("v1")
    await harness.settle()
    let first = controller.content
    harness.press("r")
    loader.resolve("v2")
    await harness.settle()
    #expect(controller.content === first)
    expectScreen(harness, ["content: v2"])
    await harness.finish()
  }

  @Test func withoutUpdateARefreshBuildsANewChild() async {
    let (loader, controller, harness) = await mountLoaded("v1")
    let first = controller.content
    harness.press("r")
    loader.resolve("v2")
    await harness.settle()
    #expect(controller.content !== first)
    #expect(controller.children.count == 1)
    await harness.finish()
  }

  @Test func aStreamBuildsOnTheFirstValueAndUpdatesOnLaterOnes() async {
    let (stream, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
    let controller = LoadingController(
      source: .stream { stream }, build: { ContentScreen(value: $0) },
      update: { screen, value in screen.value = value })
    let harness = ScreenHarness(root: controller, size: size)
    continuation.yield("one")
    await harness.settle()
    let first = controller.content
    expectScreen(harness, ["content: one"])
    continuation.yield("two")
    await harness.settle()
    expectScreen(harness, ["content: two"])
    #expect(controller.content === first)
    continuation.finish()
    await harness.finish()
  }

  @Test func aCustomLoadingScreenReplacesTheSpinner() async {
    let loader = FakeLoader<String>()
    let controller = LoadingController(
      source: loader.source(.async), loadingScreen: { ProbeScreen("Placeholder", text: "░░░░ ░░") },
      build: { ContentScreen(value: $0) })
    let harness = ScreenHarness(root: controller, size: size)
    await harness.advance(by: .milliseconds(150))
    expectScreen(harness, ["░░░░ ░░"])
    loader.resolve("x")
    await harness.finish()
  }

  @Test func escapeCancelsALoadWhenConfigured() async {
    let loader = FakeLoader<String>()
    let controller = LoadingController(
      source: loader.source(.async), options: LoadOptions(escapeCancels: true),
      build: { ContentScreen(value: $0) })
    let harness = ScreenHarness(root: controller, size: size)
    await harness.advance(by: .milliseconds(200))
    #expect(harness.press(.escape))
    #expect(controller.loadState == .idle)
    #expect(loader.cancellationCount == 1)
    await harness.finish()
  }

  @Test func keysTheLoadingScreenDoesNotUseBubbleToAncestors() async {
    let holder = ProbeScreen("Holder", handles: ["q"])
    let controller = LoadingController(source: FakeLoader<String>().source(.callback)) {
      ContentScreen(value: $0)
    }
    holder.addChild(controller)
    let harness = ScreenHarness(root: holder, size: size)
    await harness.advance(by: .milliseconds(200))
    #expect(harness.press("q"))
    #expect(holder.receivedKeys == ["q"])
    await harness.finish()
  }

  @Test func titleAndHintsSayLoadingUntilTheContentForwardsItsOwn() async {
    let loader = FakeLoader<String>()
    let controller = LoadingController(source: loader.source(.async)) { ContentScreen(value: $0) }
    let harness = ScreenHarness(root: controller, size: size)
    #expect(controller.title == "Loading…")
    loader.resolve("9")
    await harness.settle()
    #expect(controller.title == "Detail 9")
    #expect(controller.keyHints.map(\.description) == ["Enter play", "r refresh"])
    await harness.finish()
  }

  @Test func aDescendantCanAwaitTheRefreshActionFromTheEnvironment() async {
    let (loader, controller, harness) = await mountLoaded("v1")
    let refresh = controller.content?.environment.refresh
    let finished = Flag()
    Task { @MainActor in
      await refresh?()
      finished.value = true
    }
    await harness.settle()
    #expect(loader.callCount == 2)
    #expect(!finished.value)
    loader.resolve("v2")
    await harness.settle()
    #expect(finished.value)
    await harness.finish()
  }
}

/// What only the protocol variant does: it adds no node.
@MainActor
@Suite struct LoadingProtocolTests {
  @Test func theProtocolVariantAddsNoScreenToTheHierarchy() async {
    let loader = FakeLoader<String>()
    let screen = LoadingContentScreen(source: loader.source(.async), options: LoadOptions())
    let harness = ScreenHarness(root: screen, size: Size(width: 30, height: 5))
    await harness.advance(by: .milliseconds(150))
    #expect(screen.subtreeCount == 1)
    loader.resolve("x")
    await harness.settle()
    #expect(screen.subtreeCount == 1)
    await harness.finish()
  }
}

@MainActor
private final class Recorder {
  var events: [String] = []
}

@MainActor
private final class Flag {
  var value = false
}

/// A controller following a ``LoadKey``.
extension LoadingControllerTests {
  @Test func aKeyedControllerLoadsOnceForAWordTypedWithinTheDebounce() async {
    let backend = KeyedBackend()
    let query = LoadKey("P")
    let controller = LoadingController(
      key: query, options: LoadOptions(debounce: .milliseconds(300)),
      load: { try await backend.load($0) }, build: { ContentScreen(value: $0) },
      update: { screen, value in screen.value = value })
    let harness = ScreenHarness(root: controller, size: size)
    await harness.settle()
    backend.resolve("P")
    await harness.settle()
    for text in ["Pa", "Par", "Pari", "Paris"] {
      query.value = text
      await harness.advance(by: .milliseconds(200))
    }
    #expect(backend.loadedKeys == ["P"])
    #expect(controller.isStale)
    #expect(controller.shownKey as? String == "P")
    #expect(harness.contains("content: P"))
    #expect(harness.contains("⟳ refreshing"))
    await harness.advance(by: .milliseconds(100))
    #expect(backend.loadedKeys == ["P", "Paris"])
    backend.resolve("Paris")
    await harness.settle()
    #expect(harness.contains("content: Paris"))
    #expect(!controller.isStale)
    #expect(controller.loadState == .loaded("Paris"))
    await harness.finish()
  }
}

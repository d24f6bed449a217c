import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// What a loading screen says it is while it loads, fails and loads again, in both variants:
/// busy progress (never its spinner's frames), an alert with its keys, then its content; and
/// the load inspector's selected row.
@MainActor
@Suite struct LoadingSemanticsTests {
  @Test(arguments: LoadingVariant.allCases)
  func busyThenAnAlertThenTheContent(variant: LoadingVariant) async throws {
    let loader = FakeLoader<String>()
    let subject = variant.make(loader.source(.async))
    let harness = ScreenHarness(root: subject.screen, size: Size(width: 40, height: 9))
    await harness.advance(by: .milliseconds(200))
    let focused = try #require(harness.stage.focusedScreen)
    #expect(
      focused.effectiveSemantics
        == Semantics(role: .progress, label: "Loading…", states: [.busy]))
    await harness.advance(by: .milliseconds(200))
    #expect(focused.effectiveSemantics?.value == nil, "a spinner's frames say nothing new")
    loader.reject(SampleError())
    await harness.advance(by: .milliseconds(400))
    let error = try #require(harness.stage.focusedScreen?.effectiveSemantics)
    #expect(
      error
        == Semantics(
          role: .alert, label: "Could not load", value: "The server is down",
          hints: [KeyHint("r", "retry")]))
    harness.press(.character("r"))
    loader.resolve("again")
    await harness.advance(by: .milliseconds(600))
    #expect(harness.stage.focusedScreen?.effectiveSemantics?.role != .progress)
    await harness.finish()
  }

  @Test func progressIsSaidInStepsOfTenPercent() {
    var spinner = Spinner(style: .dots, label: "Loading episodes…")
    #expect(spinner.semantics.value == nil)
    for (fraction, said) in [
      (0.0, "0 %"), (0.09, "0 %"), (0.1, "10 %"), (0.47, "40 %"), (1.0, "100 %"), (1.5, "100 %"),
    ] {
      spinner.progress = LoadProgress(fraction: fraction)
      #expect(spinner.semantics.value == said, "at \(fraction)")
    }
    #expect(spinner.semantics.label == "Loading episodes…")
    #expect(spinner.semantics.states == [.busy])
  }

  @Test func theErrorScreenIsAnAlertWithRetry() {
    let screen = ErrorScreen(error: SampleError(), onRetry: {})
    #expect(screen.semantics?.role == .alert)
    #expect(screen.semantics?.value == "The server is down")
    #expect(screen.semantics?.hints == [KeyHint("r", "retry")])
  }

  @Test(arguments: LoadingVariant.allCases)
  func theInspectorIsAListOfLoads(variant: LoadingVariant) async throws {
    let loader = FakeLoader<String>()
    let holder = Holder()
    let harness = ScreenHarness(root: holder, size: Size(width: 100, height: 12))
    harness.stage.loadInspectorKey = .function(12)
    let subject = variant.make(loader.source(.async))
    holder.addChild(subject.screen)
    loader.resolve("v1")
    await harness.settle()
    harness.press(.function(12))
    await harness.settle()
    let semantics = try #require(harness.stage.focusedScreen?.effectiveSemantics)
    #expect(semantics.role == .list)
    #expect(semantics.value == "1 load")
    let item = try #require(semantics.item)
    #expect(item.index == 0 && item.count == 1)
    #expect(item.label.hasPrefix("Screens"), "its section first: \(item.label)")
    await harness.finish()
  }
}

// swift-format-ignore-file
import ScreenKit
import ScreenKitLoading
import ScreenKitTesting
import Testing

/// The Swift blocks of ScreenKitTesting's doc comments, each with what it assumes around it.
@MainActor enum ScreenKitTestingDocComments {
  /// The screen `ScreenHarness`'s example tests: a title, and after a second of loading the
  /// selected one of two episodes, which ↓ moves.
  final class MyScreen: Screen {
    private var episodes: [String] = []
    private var selected = 0
    override var canBecomeFocused: Bool { true }
    override func didAppear() {
      stage?.scheduler.schedule(after: .seconds(1)) { [weak self] in
        self?.episodes = ["One", "Two"]
        self?.setNeedsDisplay()
      }
    }
    override func handle(_ key: Key) -> Bool {
      guard key == .down, selected + 1 < episodes.count else { return false }
      selected += 1
      setNeedsDisplay()
      return true
    }
    override func draw(in canvas: inout Canvas) {
      canvas.drawText("Episodes", at: .zero)
      if selected < episodes.count { canvas.drawText("> " + episodes[selected], at: Point(x: 0, y: 1)) }
    }
  }

  static func fakeLoaderExample() async -> ScreenHarness {
    // snippet: doc-fake-loader
    let loader = FakeLoader<String>()
    let controller = LoadingController(source: loader.source(.async)) { TextScreen(text: $0) }
    let harness = ScreenHarness(root: controller, size: Size(width: 20, height: 3))
    await harness.settle()   // the controller has asked for its value, which waits
    loader.resolve("hello")
    await harness.settle()
    #expect(harness.contains("hello"))
    // end-snippet
    #expect(loader.callCount == 1)
    return harness
  }

  static func spinnerFrame(_ harness: ScreenHarness) async {
    // snippet: doc-expect-changed-cells
    await harness.advance(by: .milliseconds(80))   // one spinner frame
    expectChangedCells(harness, [Point(x: 10, y: 2)])
    // end-snippet
  }

  static func snapshotExample() async {
    let loader = FakeLoader<String>()
    let controller = LoadingController(source: loader.source(.async)) { TextScreen(text: $0) }
    let harness = ScreenHarness(root: controller, size: Size(width: 20, height: 3))
    loader.resolve("hello")
    await harness.settle()
    // snippet: doc-expect-snapshot
    expectSnapshot(harness, named: "loaded")
    // end-snippet
    await harness.finish()
  }

  @Suite struct HarnessExample {
    // snippet: doc-screen-harness
    @Test @MainActor func listShowsAfterLoading() async {
      let harness = ScreenHarness(root: MyScreen(), size: Size(width: 20, height: 3))
      await harness.advance(by: .seconds(1))
      harness.press(.down)
      expectScreen(harness, ["Episodes", "> Two", ""])
      await harness.finish()
    }
    // end-snippet
  }
}

/// What the doc comments' examples say they do.
@MainActor @Suite struct ScreenKitTestingDocCommentTests {
  @Test func theFakeLoadersValueBuildsTheContent() async {
    let harness = await ScreenKitTestingDocComments.fakeLoaderExample()
    #expect(harness.root.children.first is TextScreen)
    await harness.finish()
  }

  @Test func theLoadedScreenMatchesItsGoldenFile() async {
    await ScreenKitTestingDocComments.snapshotExample()
  }

  @Test func oneSpinnerFrameChangesOneCell() async {
    // NB: "⠋ Loading…" centred in 30 × 5: its glyph is at (10, 2).
    let harness = ScreenHarness(root: SpinnerScreen(), size: Size(width: 30, height: 5))
    await harness.advance(by: .milliseconds(80))
    await ScreenKitTestingDocComments.spinnerFrame(harness)
    await harness.finish()
  }
}

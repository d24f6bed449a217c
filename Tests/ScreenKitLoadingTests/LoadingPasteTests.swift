import ScreenKit
import ScreenKitLoading
import ScreenKitTesting
import Testing

/// Pasted text follows the same rule as keys for a `Loading` screen: while its spinner or error
/// covers it, the screen's own content is not there to take text, so the paste goes on to the
/// parents instead of into a screen the user cannot see.
@MainActor
@Suite struct LoadingPasteTests {
  /// A `Loading` screen that keeps what is pasted into it, inside a parent that does too.
  private final class PastingScreen: Screen, Loading {
    let screenLoad = ScreenLoad<String>()
    private let source: LoadSource<String>
    var pasted: [String] = []

    init(source: LoadSource<String>) {
      self.source = source
      super.init()
    }

    func configure(value: String) { setNeedsDisplay() }
    override func didAppear() { load(source: source) }
    override func handlePaste(_ text: String) -> Bool {
      pasted.append(text)
      return true
    }
  }

  private final class PastingParent: Screen {
    var pasted: [String] = []
    override func handlePaste(_ text: String) -> Bool {
      pasted.append(text)
      return true
    }
  }

  @Test func aPasteWhileTheSpinnerOrErrorCoversTheScreenGoesToItsParent() async {
    let loader = FakeLoader<String>()
    let screen = PastingScreen(source: loader.source(.async))
    let parent = PastingParent()
    parent.addChild(screen)
    let harness = ScreenHarness(root: parent, size: Size(width: 30, height: 4))
    await harness.advance(by: .seconds(1))
    #expect(harness.paste("while loading"))
    loader.reject(SampleError())
    await harness.settle()
    #expect(harness.paste("over the error"))
    #expect(screen.pasted.isEmpty)
    #expect(parent.pasted == ["while loading", "over the error"])

    harness.press("r")
    loader.resolve("loaded")
    await harness.advance(by: .seconds(1))
    #expect(harness.paste("into the content"))
    #expect(screen.pasted == ["into the content"])
    await harness.finish()
  }
}

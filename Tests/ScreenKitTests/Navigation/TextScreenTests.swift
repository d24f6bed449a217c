import ScreenKit
import ScreenKitTesting
import Testing

extension Navigation {
  @MainActor
  @Suite struct TextScreenTests {
    private let fable = "The quick brown fox jumps over the lazy dog"

    @Test func wrapsParagraphsToTheWidthLeavingAColumnForTheScrollBar() async {
      let text = TextScreen(text: fable + "\n\nEnd")
      let harness = ScreenHarness(root: text, size: Size(width: 11, height: 10))
      #expect(text.lines == ["The quick", "brown fox", "jumps over", "the lazy", "dog", "", "End"])
      #expect(!text.isScrollable)
      await harness.finish()
    }

    @Test func scrollBarThumbShowsThePosition() async {
      let text = TextScreen(text: fable)
      let harness = ScreenHarness(root: text, size: Size(width: 11, height: 3))
      expectScreen(harness, ["The quick █", "brown fox │", "jumps over│"])
      harness.press(.down, "j")
      expectScreen(harness, ["jumps over│", "the lazy  │", "dog       █"])
      await harness.finish()
    }

    @Test func scrollKeysStopAtTheEnds() async {
      let text = TextScreen(text: fable)
      let harness = ScreenHarness(root: text, size: Size(width: 11, height: 3))
      harness.press(.up, "k")
      #expect(text.scrollOffset == 0)
      harness.press(.end)
      #expect(text.scrollOffset == 2)
      harness.press(.pageDown, .down)
      #expect(text.scrollOffset == 2)
      harness.press(.pageUp)
      #expect(text.scrollOffset == 0)
      harness.press(.pageDown)
      harness.press(.home)
      #expect(text.scrollOffset == 0)
      await harness.finish()
    }

    @Test func rewrapsWhenResized() async {
      let text = TextScreen(text: fable)
      let harness = ScreenHarness(root: text, size: Size(width: 11, height: 3))
      harness.press(.end)
      harness.resize(to: Size(width: 21, height: 3))
      expectScreen(harness, ["The quick brown fox", "jumps over the lazy", "dog"])
      #expect(text.scrollOffset == 0)
      await harness.finish()
    }

    @Test func changingTheTextRewrapsIt() async {
      let text = TextScreen(text: "old")
      let harness = ScreenHarness(root: text, size: Size(width: 11, height: 3))
      text.text = "你好世界你好世界"
      expectScreen(harness, ["你好世界你", "好世界"])
      await harness.finish()
    }
  }
}

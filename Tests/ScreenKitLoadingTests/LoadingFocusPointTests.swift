import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// Where the terminal's cursor rests while a screen loads, fails and loads again, in both
/// variants: on the spinner, on `[r] Retry`, on the content; and on the inspector's selected
/// row.
@MainActor
@Suite struct LoadingFocusPointTests {
  @Test(arguments: LoadingVariant.allCases)
  func theCursorRestsOnTheSpinnerThenRetryThenTheContent(variant: LoadingVariant) async throws {
    let loader = FakeLoader<String>()
    let subject = variant.make(loader.source(.async))
    let harness = ScreenHarness(root: subject.screen, size: Size(width: 40, height: 9))
    await harness.advance(by: .milliseconds(200))
    // The glyph, two cells before its label.
    let label = try #require(harness.position(of: "Loading…"))
    #expect(harness.focus == Point(x: label.x - 2, y: label.y))
    loader.reject(SampleError())
    await harness.advance(by: .milliseconds(400))
    #expect(harness.contains("[r] Retry"))
    #expect(harness.focus == harness.position(of: "[r] Retry"))
    #expect(harness.cursor == nil, "nothing to type into: the cursor is not shown")
    harness.press(.character("r"))
    loader.resolve("again")
    await harness.advance(by: .milliseconds(600))
    expectScreen(harness, ["content: again"])
    #expect(harness.focus == Point(x: 0, y: 0))
    await harness.finish()
  }

  @Test(arguments: LoadingVariant.allCases)
  func retryKeepsTheCursorWhenTheWindowResizes(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let subject = variant.make(loader.source(.async))
    let harness = ScreenHarness(root: subject.screen, size: Size(width: 40, height: 9))
    loader.reject(SampleError())
    await harness.settle()
    for size in [Size(width: 70, height: 20), Size(width: 24, height: 7)] {
      harness.resize(to: size)
      #expect(harness.focus == harness.position(of: "[r] Retry"), "at \(size)")
    }
    harness.press(.character("r"))
    loader.resolve("done")
    await harness.advance(by: .milliseconds(600))
    await harness.finish()
  }

  @Test(arguments: LoadingVariant.allCases)
  func theInspectorRestsTheCursorOnItsSelectedRow(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let holder = Holder()
    let harness = ScreenHarness(root: holder, size: Size(width: 100, height: 12))
    harness.stage.loadInspectorKey = .function(12)
    let subject = variant.make(loader.source(.async))
    holder.addChild(subject.screen)
    loader.resolve("v1")
    await harness.settle()
    harness.press(.function(12))
    #expect(harness.contains("KEY"))
    #expect(harness.focus != nil)
    #expect(harness.focus == harness.position(of: "›"))
    harness.press(.escape)
    #expect(!harness.contains("KEY"))
    await harness.finish()
  }
}

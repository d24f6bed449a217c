import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// A loading screen added to a plain container after the stage mounted, when nothing on the
/// stage could take focus: it gets the focus at the next key or frame, as it would have at mount.
extension LoadingBehaviorTests {
  @Test(arguments: all)
  func aLoadingScreenAddedAfterMountTakesTheFocusAndItsKeys(variant: LoadingVariant) async {
    let holder = Holder()
    let harness = ScreenHarness(root: holder, size: Self.size)
    #expect(harness.stage.focusedScreen == nil)
    let loader = FakeLoader<String>()
    let subject = variant.make(loader.source(.async))
    holder.addChild(subject.screen)
    await harness.advance(by: .seconds(1))
    loader.resolve("first")
    await harness.settle()
    #expect(harness.stage.focusedScreen === subject.screen)
    #expect(harness.press("r"), "r refreshes")
    #expect(loader.callCount == 2)
    loader.reject(SampleError())
    await harness.settle()
    #expect(harness.contains("refresh failed"))
    #expect(harness.press(.escape), "Esc dismisses the refresh error")
    #expect(subject.state() == .loaded("first"))
    await harness.finish()
  }
}

import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// A loading screen in a pane of a `SplitScreen`.
@MainActor
@Suite struct SplitScreenLoadingTests {
  @Test(arguments: LoadingVariant.allCases)
  func clickingALoadingPaneWhoseContentTakesNoFocusFocusesThatPane(
    variant: LoadingVariant
  ) async {
    let loader = FakeLoader<String>()
    let left = ProbeScreen("A", focusable: true)
    left.title = "Left"
    let subject = variant.make(loader.source(.async))
    let split = SplitScreen(panes: [left, subject.screen])
    let harness = ScreenHarness(root: split, size: Size(width: 41, height: 4))
    loader.resolve("v1")
    await harness.settle()
    #expect(split.focusedPaneIndex == 0)
    harness.click(x: 25, y: 2)
    #expect(split.focusedPaneIndex == 1)
    #expect(harness.style(x: 22, y: 0).attributes.contains(.reverse))
    harness.press("r")
    #expect(loader.callCount == 2)
    loader.resolve("v2")
    await harness.finish()
  }
}

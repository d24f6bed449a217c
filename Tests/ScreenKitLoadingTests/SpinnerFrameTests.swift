import ScreenKit
import ScreenKitLoading
import ScreenKitTesting
import Testing

/// A spinner's frame is the smallest change there is: one cell, handed to the host alone.
@MainActor
@Suite struct SpinnerFrameTests {
  @Test func aSpinnerFrameChangesExactlyOneCell() async {
    let harness = ScreenHarness(root: SpinnerScreen(), size: Size(width: 20, height: 3))
    await harness.advance(by: SpinnerStyle.dots.frameInterval)
    let frames = harness.frameCount
    await harness.advance(by: SpinnerStyle.dots.frameInterval)
    #expect(harness.frameCount == frames + 1)
    expectChangedCells(harness, [Point(x: 5, y: 1)])
    #expect(!harness.lastFrameChanges.isFullRepaint)
    await harness.finish()
  }
}

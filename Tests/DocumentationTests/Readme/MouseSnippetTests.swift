// swift-format-ignore-file
import ScreenKit
import ScreenKitTesting
import Testing

// The README's "The mouse" example: a screen that answers clicks, and a test that clicks.
// snippet: readme-mouse
final class Swatches: Screen {
  private(set) var picked: Int?

  override func handleMouse(_ event: MouseEvent) -> Bool {
    guard event.isClick else { return false }   // a left press; wheels are `event.wheelDelta`
    picked = event.position.y                    // in this screen's own coordinates
    return true
  }
}

@Test @MainActor func clickingPicksTheRowUnderThePointer() async {
  let swatches = Swatches()
  let harness = ScreenHarness(root: swatches, size: Size(width: 20, height: 5))
  harness.click(x: 3, y: 2)
  #expect(swatches.picked == 2)
  harness.scroll(x: 3, y: 2, by: 1)   // one notch down; unhandled here, so nothing changes
  await harness.finish()
}
// end-snippet

// swift-format-ignore-file
// The README's "Testing screens" imports: what a screen test names comes from these five.
// snippet: readme-testing-imports
import ScreenKit
import ScreenKitLoading      // LoadingController, LoadState
import ScreenKitSimulation   // VirtualClock, ManualTaskExecutor, SeededRandom, LoadingVariant
import ScreenKitTesting      // ScreenHarness, expectScreen, FakeLoader
import Testing
// end-snippet

/// The screen the README's harness example tests: a title and two rows, `>` at the selection.
final class EpisodesScreen: Screen {
  private let rows = ["One", "Two"]
  private var selection = 0

  override var canBecomeFocused: Bool { true }

  override func handle(_ key: Key) -> Bool {
    guard key == .down, selection + 1 < rows.count else { return false }
    selection += 1
    setNeedsDisplay()
    return true
  }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText("Episodes", at: .zero)
    for (index, row) in rows.enumerated() {
      canvas.drawText((index == selection ? "> " : "  ") + row, at: Point(x: 0, y: index + 1))
    }
  }
}

// The README's "Testing screens" example is itself a test.
// snippet: readme-harness
@Test @MainActor func selectionMovesDown() async {
  let harness = ScreenHarness(root: EpisodesScreen(), size: Size(width: 30, height: 5))
  harness.press(.down)
  await harness.advance(by: .milliseconds(200))   // virtual time: timers and sleepers, in order
  expectScreen(harness, ["Episodes", "  One", "> Two"])
  await harness.finish()   // fails on pending timers, loads in flight, broken lifecycle order
}
// end-snippet

/// `VirtualClock` is ScreenKitSimulation's: ScreenKitTesting does not re-export it.
@Test @MainActor func theHarnessRunsOnAVirtualClock() async {
  let harness = ScreenHarness(root: EpisodesScreen())
  let clock: VirtualClock = harness.clock
  await harness.advance(by: .seconds(5))
  #expect(clock.now.offset == .seconds(5))
  await harness.finish()
}

import ScreenKit
import ScreenKitLoading
import ScreenKitTesting
import Testing

/// A controller's spinner, error and content take focus only where focus was the
/// controller's: never from a modal overlay over it.
@MainActor
@Suite struct LoadingControllerFocusTests {
  private let size = Size(width: 40, height: 10)

  /// A screen that takes focus, inside the overlay.
  private final class Field: Screen {
    override var canBecomeFocused: Bool { true }
  }

  @Test func aReloadUnderAnOverlayLeavesTheFocusInTheOverlay() async {
    let loader = FakeLoader<String>()
    let controller = LoadingController(source: loader.source(.async)) { ContentScreen(value: $0) }
    let harness = ScreenHarness(root: controller, size: size)
    loader.reject(SampleError())
    await harness.settle()
    #expect(controller.errorScreen != nil)

    let field = Field()
    controller.presentOverlay(field, title: "Over it")
    #expect(harness.stage.focusedScreen === field)

    // The reload's spinner, its error and, after a retry, the content come and go under it.
    controller.reload()
    await harness.advance(by: .seconds(1))
    #expect(harness.stage.focusedScreen === field, "the spinner took the focus")
    loader.reject(SampleError())
    await harness.advance(by: .seconds(1))
    #expect(harness.stage.focusedScreen === field, "the error screen took the focus")
    controller.reload()
    await harness.settle()
    loader.resolve("v1")
    await harness.advance(by: .seconds(1))
    #expect(harness.stage.focusedScreen === field, "the content took the focus")

    // Esc still reaches the overlay, and focus goes back to the controller.
    harness.press(.escape)
    #expect(controller.presentedOverlay == nil)
    #expect(
      harness.stage.focusedScreen.map { $0 === controller || $0.isDescendant(of: controller) }
        == true)
    await harness.finish()
  }
}

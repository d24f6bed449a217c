import ScreenKit

/// The content a `LoadingController` builds in the shared suite: a plain screen that knows
/// nothing of loading and cannot take focus, as the README's content screen.
@MainActor
final class ContentScreen: Screen {
  var value: String {
    didSet {
      title = "Detail \(value)"
      setNeedsDisplay()
    }
  }
  private(set) var builds = 0

  init(value: String) {
    self.value = value
    super.init()
    name = "Content"
    title = "Detail \(value)"
    keyHints = [KeyHint(.enter, "play")]
  }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText("content: \(value)", at: .zero)
  }
}

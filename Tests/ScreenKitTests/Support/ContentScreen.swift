import ScreenKit

/// The content a `LoadingController` builds in the shared suite.
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

  override var canBecomeFocused: Bool { true }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText("content: \(value)", at: .zero)
  }
}

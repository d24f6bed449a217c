import ScreenKit

/// A screen that shows one value.
final class ValueScreen: Screen {
  var value: String {
    didSet { setNeedsDisplay() }
  }

  init(_ value: String) {
    self.value = value
    super.init()
  }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText("Value \(value)", at: .zero)
  }
}

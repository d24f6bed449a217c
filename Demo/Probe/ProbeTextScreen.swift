import ScreenKit

/// The screen `Demo load-probe` builds from its loaded value: one line at the top left.
final class ProbeTextScreen: Screen {
  private let text: String

  /// Creates a screen showing `text`.
  init(text: String) {
    self.text = text
    super.init()
  }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText(text, at: .zero)
  }
}

import ScreenKit

@testable import ScreenKitSSH

/// A root screen that shows who it is for, its size and the last key it got, six times over
/// (a frame writes only the cells that changed: every cell of a key's row changes with it).
final class GreetingScreen: Screen {
  let user: String
  var lastKey = "-"

  init(user: String) {
    self.user = user
    super.init()
  }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText("Hello \(user)", at: .zero)
    canvas.drawText("Size \(bounds.size.width)x\(bounds.size.height)", at: Point(x: 0, y: 1))
    canvas.drawText(String(repeating: lastKey, count: 6), at: Point(x: 0, y: 2))
  }

  override func handle(_ key: Key) -> Bool {
    guard key != "q" else { return false }
    lastKey = key.description
    setNeedsDisplay()
    return true
  }
}

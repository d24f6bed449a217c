import ScreenKit
import ScreenKitTesting

extension ScreenHarness {
  /// The cell where `text` first shows, reading the rows top to bottom; each character of the
  /// screens of these tests is one cell wide.
  func position(of text: String) -> Point? {
    positions(of: text).first
  }

  /// Every cell where `text` starts, top to bottom, left to right.
  func positions(of text: String) -> [Point] {
    let wanted = Array(text)
    var found: [Point] = []
    for (y, line) in lines.enumerated() {
      let characters = Array(line)
      guard characters.count >= wanted.count else { continue }
      for x in 0...(characters.count - wanted.count)
      where Array(characters[x..<x + wanted.count]) == wanted {
        found.append(Point(x: x, y: y))
      }
    }
    return found
  }
}

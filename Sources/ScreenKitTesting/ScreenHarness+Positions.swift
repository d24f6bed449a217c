package import ScreenKit

// NB: `package`, for the package's own tests: a column here counts characters, right only on
// rows without wide characters, as in the tests that use it.
extension ScreenHarness {
  /// The cell where `text` first shows, reading the rows top to bottom; each character of the
  /// screens of these tests is one cell wide.
  package func position(of text: String) -> Point? {
    positions(of: text).first
  }

  /// Every cell where `text` starts, top to bottom, left to right.
  package func positions(of text: String) -> [Point] {
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

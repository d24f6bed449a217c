import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// `fill` writes a rectangle row by row; it must leave the grid exactly as writing its cells
/// one by one does, wide characters cut by the rectangle's edges included.
@Suite struct CanvasFillTests {
  private static let pieces: [String] = ["a", "你", "好", "👍🏽", " ", "🇯🇵", "b"]

  @Test(arguments: 0..<200)
  func fillingARectangleEqualsWritingEachOfItsCells(seed: Int) {
    var generator = SeededRandom(seed: UInt64(seed))
    let size = Size(width: Int.random(in: 1...12, using: &generator), height: 3)
    var canvas = Canvas(size: size)
    for y in 0..<size.height {
      var text = ""
      for _ in 0..<8 { text += Self.pieces.randomElement(using: &generator) ?? "" }
      canvas.drawText(text, at: Point(x: Int.random(in: -1...2, using: &generator), y: y))
    }
    let x = Int.random(in: -2..<size.width, using: &generator)
    let rect = Rect(
      x: x, y: Int.random(in: -1...2, using: &generator),
      width: Int.random(in: 0...size.width + 2, using: &generator),
      height: Int.random(in: 0...3, using: &generator))
    let style = Style(foreground: .red)
    var reference = canvas
    for row in max(0, rect.minY)..<max(max(0, rect.minY), min(size.height, rect.maxY)) {
      for column in max(0, rect.minX)..<max(max(0, rect.minX), min(size.width, rect.maxX)) {
        reference.put(".", at: Point(x: column, y: row), style: style)
      }
    }
    canvas.fill(rect, with: Cell(".", style: style))
    #expect(canvas.grid == reference.grid, "seed \(seed): \(rect) on \(size)")
  }
}

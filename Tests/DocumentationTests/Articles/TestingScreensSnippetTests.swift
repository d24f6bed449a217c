// swift-format-ignore-file
import ScreenKit
import ScreenKitTesting
import Testing

/// The screen the "Testing screens" article snapshots: a bold title over two rows, the
/// selected one reversed, which ↓ moves.
final class HighlightScreen: Screen {
  private var selection = 0

  override var canBecomeFocused: Bool { true }

  override func handle(_ key: Key) -> Bool {
    guard key == .down, selection == 0 else { return false }
    selection = 1
    setNeedsDisplay()
    return true
  }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText("Episodes", at: .zero, style: .bold)
    for (index, row) in ["One", "Two"].enumerated() {
      let style: Style = index == selection ? .reverse : .plain
      canvas.fill(Rect(x: 0, y: index + 1, width: 20, height: 1), with: .blank(style))
      canvas.drawText(row, at: Point(x: 2, y: index + 1), style: style)
    }
  }
}

// The article's snapshot test is itself a test; its golden file is beside this file.
// snippet: article-testing-snapshot
@Test @MainActor func theHighlightMovesDown() async {
  let harness = ScreenHarness(root: HighlightScreen(), size: Size(width: 20, height: 3))
  harness.press(.down)
  expectSnapshot(harness, named: "second-row")   // compares text, styles, cursor and size
  await harness.finish()
}
// end-snippet

/// What the article shows of the golden file is what the test wrote.
@Test @MainActor func theArticlesGoldenFileIsTheSnapshotsText() async {
  let harness = ScreenHarness(root: HighlightScreen(), size: Size(width: 20, height: 3))
  harness.press(.down)
  #expect(
    harness.snapshot().text == """
      size: 20x3
      cursor: hidden
      rows:
        0|Episodes            |
        1|  One               |
        2|  Two               |
      styles:
        0 0-7 bold
        2 0-19 reverse

      """)
  await harness.finish()
}

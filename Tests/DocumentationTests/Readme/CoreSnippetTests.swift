// swift-format-ignore-file
import ScreenKit
import Testing

/// README, "The core in five lines", as a host runs it.
@MainActor func coreInFiveLines() -> (Stage, FrameChanges) {
  // snippet: readme-core
  final class Greeting: Screen {
    override func draw(in canvas: inout Canvas) { canvas.drawText("Hi", at: .zero) }
  }
  let stage = Stage(root: Greeting(), size: Size(width: 80, height: 24))
  stage.mount(); stage.send(.down); stage.update()   // a host does this; tests use the harness
  let changes = stage.render()   // the cells this frame changed, for the host to write
  // end-snippet
  return (stage, changes)
}

@MainActor @Suite struct CoreSnippetTests {
  @Test func fiveLinesDrawHiAtTheTopLeftAndNothingElse() {
    let (stage, changes) = coreInFiveLines()
    #expect(stage.isMounted)
    #expect(changes.isFullRepaint && changes.cellCount == 80 * 24)
    #expect(stage.canvas.grid.lines.first == "Hi" + String(repeating: " ", count: 78))
    #expect(stage.canvas.grid.lines.dropFirst().allSatisfy { $0.allSatisfy { $0 == " " } })
  }
}

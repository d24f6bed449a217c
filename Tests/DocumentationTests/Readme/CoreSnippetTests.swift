// swift-format-ignore-file
import ScreenKit
import Testing

/// README, "The core in five lines", as a host runs it.
@MainActor func coreInFiveLines() -> Stage {
  // snippet: readme-core
  final class Greeting: Screen {
    override func draw(in canvas: inout Canvas) { canvas.drawText("Hi", at: .zero) }
  }
  let stage = Stage(root: Greeting(), size: Size(width: 80, height: 24))
  stage.mount(); stage.send(.down); stage.render()   // a host does this; tests use the harness
  // end-snippet
  return stage
}

@MainActor @Suite struct CoreSnippetTests {
  @Test func fiveLinesDrawHiAtTheTopLeftAndNothingElse() {
    let stage = coreInFiveLines()
    #expect(stage.isMounted)
    #expect(stage.canvas.grid.lines.first == "Hi" + String(repeating: " ", count: 78))
    #expect(stage.canvas.grid.lines.dropFirst().allSatisfy { $0.allSatisfy { $0 == " " } })
  }
}

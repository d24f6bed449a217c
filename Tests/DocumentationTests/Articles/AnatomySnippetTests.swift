// swift-format-ignore-file
import ScreenKit
import Testing

/// Anatomy of a frame, "Draw": the stage after the key, and the frame's damage.
@MainActor func anatomyOfAFrame() -> (stage: Stage, damage: [Rect]) {
  // snippet: anatomy-counter
  final class Counter: Screen {
    var count = 0
    override func handle(_ key: Key) -> Bool {
      count += 1; setNeedsDisplay(); return true
    }
    override func draw(in canvas: inout Canvas) { canvas.drawText("\(count)", at: .zero) }
  }
  let stage = Stage(root: Counter(), size: Size(width: 20, height: 2))
  stage.mount()
  stage.render()                     // the first frame draws the whole stage
  stage.send(.character("+"))        // routing, state, setNeedsDisplay()
  let damage = stage.render()        // draws the counter again; returns the rectangles redrawn
  // end-snippet
  return (stage, damage)
}

@MainActor @Suite struct AnatomySnippetTests {
  @Test func theKeyChangesStateAndTheFrameRedrawsOnlyTheCounter() {
    let (stage, damage) = anatomyOfAFrame()
    #expect(stage.canvas.grid.lines.first?.hasPrefix("1 ") == true)
    #expect(damage == [stage.root.absoluteFrame])
    #expect(stage.lastRenderDrawCount == 1)
    #expect(!stage.needsRender)
  }
}

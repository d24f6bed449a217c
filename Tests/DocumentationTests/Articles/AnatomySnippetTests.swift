// swift-format-ignore-file
import ScreenKit
import Testing

/// Anatomy of a frame, "Draw": the stage after the key, and the frame's changes.
@MainActor func anatomyOfAFrame() -> (stage: Stage, changes: FrameChanges) {
  // snippet: anatomy-counter
  final class Counter: Screen {
    var count = 0
    override func handle(_ key: Key) -> Bool {
      count += 1; setNeedsDisplay(); return true
    }
    override func draw(in canvas: inout Canvas) { canvas.drawText("\(count)", at: .zero) }
  }
  let host = ScreenHost(root: Counter(), size: Size(width: 20, height: 2))   // mounts it
  host.frame()                       // the first frame draws the whole stage
  host.handle(.key("+"))             // routing, state, setNeedsDisplay()
  let changes = host.frame()         // focus, layout, then draws the counter again and diffs
  // end-snippet
  return (host.stage, changes)
}

@MainActor @Suite struct AnatomySnippetTests {
  @Test func theKeyChangesStateAndTheFrameRedrawsOnlyTheCounter() {
    let (stage, changes) = anatomyOfAFrame()
    #expect(stage.canvas.grid.lines.first?.hasPrefix("1 ") == true)
    #expect(changes.redrawn == [stage.root.absoluteFrame])
    #expect(changes.runs == [CellRun(y: 0, x: 0, count: 1)] && !changes.isFullRepaint)
    #expect(stage.lastFrameDrawCount == 1)
    #expect(!stage.needsFrame)
  }
}

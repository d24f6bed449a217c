import ScreenKit
import ScreenKitTesting
import Testing

@MainActor
@Suite struct LayoutTests {
  @Test func defaultLayoutFillsTheBoundsInsideTheMargins() async {
    let root = ProbeScreen("Root")
    let child = ProbeScreen("Child")
    root.addChild(child)
    root.margins = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
    let harness = ScreenHarness(root: root, size: Size(width: 20, height: 6))
    #expect(child.frame == Rect(x: 2, y: 1, width: 16, height: 4))
    await harness.finish()
  }

  @Test func resizeLaysOutTheWholeTreeAgain() async {
    let root = ColumnsScreen()
    let left = ProbeScreen("L")
    let right = ProbeScreen("R")
    let inner = ProbeScreen("Inner")
    right.addChild(inner)
    root.addChild(left)
    root.addChild(right)
    let harness = ScreenHarness(root: root, size: Size(width: 20, height: 4))
    #expect(left.frame == Rect(x: 0, y: 0, width: 10, height: 4))
    #expect(inner.absoluteFrame == Rect(x: 10, y: 0, width: 10, height: 4))
    harness.resize(to: Size(width: 31, height: 7))
    #expect(left.frame == Rect(x: 0, y: 0, width: 16, height: 7))
    #expect(right.frame == Rect(x: 16, y: 0, width: 15, height: 7))
    #expect(inner.absoluteFrame == Rect(x: 16, y: 0, width: 15, height: 7))
    #expect(harness.lines.count == 7)
    await harness.finish()
  }

  @Test func everySizeDownToZeroWorks() async {
    let root = ColumnsScreen()
    root.addChild(ProbeScreen("L", text: "你好世界"))
    root.addChild(ProbeScreen("R", text: "right"))
    let harness = ScreenHarness(root: root, size: Size(width: 5, height: 5))
    for size in [
      Size(width: 1, height: 1), Size(width: 0, height: 0), Size(width: 3, height: 0),
      Size(width: 2, height: 1),
    ] {
      harness.resize(to: size)
      #expect(harness.lines.count == size.height)
      #expect(harness.lines.allSatisfy { $0.cellWidth == size.width })
    }
    await harness.finish()
  }

  @Test func rowsServeFixedFirstAndShareTheRestExactly() {
    let rect = Rect(x: 0, y: 2, width: 10, height: 11)
    let rows = rect.rows([.fixed(1), .proportional(1), .proportional(2), .fixed(1)])
    #expect(rows.map(\.height) == [1, 3, 6, 1])
    #expect(rows.map(\.minY) == [2, 3, 6, 12])
    #expect(rows.last?.maxY == rect.maxY)
  }

  @Test func columnsWithSpacingLeaveGaps() {
    let columns = Rect(x: 0, y: 0, width: 21, height: 3).columns([.fill, .fill], spacing: 1)
    #expect(
      columns == [Rect(x: 0, y: 0, width: 10, height: 3), Rect(x: 11, y: 0, width: 10, height: 3)])
  }

  @Test func fixedLengthsShrinkWhenSpaceRunsOut() {
    let rows = Rect(x: 0, y: 0, width: 4, height: 3).rows([.fixed(2), .fixed(2), .fill])
    #expect(rows.map(\.height) == [2, 1, 0])
  }

  @Test func dividingAtTopAndBottom() {
    let rect = Rect(x: 1, y: 1, width: 5, height: 5)
    let (top, rest) = rect.dividedAtTop(1)
    #expect(top == Rect(x: 1, y: 1, width: 5, height: 1))
    #expect(rest == Rect(x: 1, y: 2, width: 5, height: 4))
    let (body, bottom) = rect.dividedAtBottom(9)
    #expect(body.height == 0)
    #expect(bottom == rect)
  }
}

@MainActor
final class ColumnsScreen: Screen {
  override func layoutChildren() {
    let frames = contentRect.columns(children.map { _ in .fill })
    for (child, frame) in zip(children, frames) { child.frame = frame }
  }
}

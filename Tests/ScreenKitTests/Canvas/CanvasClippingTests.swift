import ScreenKit
import Testing

@Suite struct CanvasClippingTests {
  private func dottedCanvas(width: Int, height: Int = 1) -> Canvas {
    var canvas = Canvas(size: Size(width: width, height: height))
    canvas.fill(canvas.bounds, with: Cell("."))
    return canvas
  }

  @Test func wideCharacterAtTheLastColumnDrawsABlank() {
    var canvas = dottedCanvas(width: 3)
    #expect(canvas.put("你", at: Point(x: 2, y: 0)) == 2)
    #expect(canvas.grid.lines == [".. "])
    #expect(canvas.grid[2, 0] == .blank)
  }

  @Test func overwritingTheSecondHalfOfAWideCharacterBlanksTheFirst() {
    var canvas = dottedCanvas(width: 3)
    canvas.put("你", at: .zero)
    canvas.put("a", at: Point(x: 1, y: 0))
    #expect(canvas.grid.lines == [" a."])
    #expect(canvas.grid[0, 0] == .blank)
  }

  @Test func overwritingTheFirstHalfOfAWideCharacterBlanksTheSecond() {
    var canvas = dottedCanvas(width: 3)
    canvas.put("你", at: .zero)
    canvas.put("b", at: .zero)
    #expect(canvas.grid.lines == ["b ."])
    #expect(!canvas.grid[1, 0].isContinuation)
  }

  @Test func wideCharacterOverlappingAnotherByOneCellBlanksItsRemains() {
    var canvas = dottedCanvas(width: 4)
    canvas.drawText("你", at: .zero)
    canvas.drawText("好", at: Point(x: 1, y: 0))
    #expect(canvas.grid.lines == [" 好."])
    #expect(canvas.grid[1, 0].width == 2)
    #expect(canvas.grid[2, 0].isContinuation)
  }

  @Test func clippingNeverSplitsAWideCharacter() {
    var canvas = dottedCanvas(width: 6)
    canvas.withRegion(Rect(x: 1, y: 0, width: 3, height: 1)) { region in
      #expect(region.drawText("你好", at: .zero) == 4)
    }
    #expect(canvas.grid.lines == [".你 .."])
  }

  @Test func withRegionClipsWritesToTheRegion() {
    var canvas = dottedCanvas(width: 6, height: 2)
    canvas.withRegion(Rect(x: 1, y: 1, width: 3, height: 1)) { region in
      region.drawText("abcdef", at: .zero)
      region.drawText("zz", at: Point(x: 0, y: -1))
    }
    #expect(canvas.grid.lines == ["......", ".abc.."])
  }

  @Test func wideCharacterHalfOutsideTheRegionsLeftEdgeDrawsABlank() {
    var canvas = dottedCanvas(width: 5)
    canvas.withRegion(Rect(x: 1, y: 0, width: 3, height: 1)) { region in
      _ = region.drawText("你好", at: Point(x: -1, y: 0))
    }
    #expect(canvas.grid.lines == [". 好."])
  }

  @Test func nestedRegionsClipToTheirIntersection() {
    var canvas = dottedCanvas(width: 8)
    canvas.withRegion(Rect(x: 1, y: 0, width: 5, height: 1)) { outer in
      outer.withRegion(Rect(x: 2, y: 0, width: 6, height: 1)) { inner in
        _ = inner.drawText("abcdef", at: .zero)
      }
    }
    #expect(canvas.grid.lines == ["...abc.."])
  }
}

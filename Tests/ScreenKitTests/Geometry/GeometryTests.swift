import ScreenKit
import Testing

@Suite struct GeometryTests {
  @Test func intersectionOfDisjointRectsIsEmpty() {
    let a = Rect(x: 0, y: 0, width: 2, height: 2)
    let b = Rect(x: 5, y: 5, width: 2, height: 2)
    #expect(a.intersection(b).isEmpty)
    #expect(!a.intersects(b))
    #expect(a.union(b) == Rect(x: 0, y: 0, width: 7, height: 7))
  }

  @Test func containsUsesExclusiveMaxima() {
    let rect = Rect(x: 1, y: 1, width: 2, height: 2)
    #expect(rect.contains(Point(x: 2, y: 2)))
    #expect(!rect.contains(Point(x: 3, y: 2)))
    #expect(rect.contains(Rect(x: 1, y: 1, width: 2, height: 2)))
  }

  @Test func sizesNeverGoNegative() {
    #expect(Size(width: -3, height: 4) == Size(width: 0, height: 4))
    let inset = Rect(x: 0, y: 0, width: 3, height: 3).inset(by: EdgeInsets(all: 2))
    #expect(inset.size == .zero)
  }

  @Test func centeredRectSitsInTheMiddle() {
    let box = Rect(x: 0, y: 0, width: 10, height: 5).centered(Size(width: 4, height: 1))
    #expect(box == Rect(x: 3, y: 2, width: 4, height: 1))
  }
}

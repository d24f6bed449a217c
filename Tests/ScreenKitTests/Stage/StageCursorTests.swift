import ScreenKit
import ScreenKitTesting
import Testing

/// A screen that says where the cursor is and moves it without drawing anything new.
@MainActor
private final class CaretScreen: Screen {
  var caret: Point? = Point(x: 1, y: 1)
  override var canBecomeFocused: Bool { true }
  override var cursorPosition: Point? { caret }
}

/// Each frame hands the host the focused screen's cursor, in stage coordinates.
@MainActor @Suite struct StageCursorTests {
  @Test func theCursorIsInStageCoordinatesAfterAFrame() {
    let caret = CaretScreen()
    let root = Screen()
    root.addChild(caret)
    let stage = Stage(root: root, size: Size(width: 10, height: 5))
    stage.mount()
    caret.frame = Rect(x: 3, y: 2, width: 4, height: 2)
    #expect(stage.frame().cursor == Point(x: 4, y: 3))
  }

  @Test func aCursorMovedWithoutARedrawAsksForAFrameAlone() {
    let caret = CaretScreen()
    let host = ScreenHost(root: caret, size: Size(width: 10, height: 5))
    #expect(host.frame().cursor == Point(x: 1, y: 1))
    caret.caret = Point(x: 2, y: 1)
    #expect(!host.needsFrame)
    caret.setNeedsCursorUpdate()
    #expect(host.needsFrame)
    let changes = host.frame()
    #expect(changes.isEmpty)
    #expect(changes.cursor == Point(x: 2, y: 1))
    caret.caret = nil
    caret.setNeedsCursorUpdate()
    #expect(host.frame().cursor == nil)
  }

  @Test func aScreenWithoutFocusShowsNoCursor() {
    let caret = CaretScreen()
    let root = Screen()
    root.addChild(caret)
    let stage = Stage(root: root, size: Size(width: 10, height: 5))
    stage.mount()
    #expect(stage.frame().cursor == Point(x: 1, y: 1))
    stage.focus(nil)
    #expect(stage.frame().cursor == nil)
    stage.unmount()
    #expect(stage.frame().cursor == nil)
  }
}

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

/// The stage hands its host the focused screen's cursor after each frame, in stage coordinates.
@MainActor @Suite struct StageCursorTests {
  @Test func theCursorIsInStageCoordinatesAfterAFrame() {
    let caret = CaretScreen()
    let root = Screen()
    root.addChild(caret)
    let stage = Stage(root: root, size: Size(width: 10, height: 5))
    stage.mount()
    caret.frame = Rect(x: 3, y: 2, width: 4, height: 2)
    #expect(stage.cursor == nil, "no frame yet")
    stage.frame()
    #expect(stage.cursor == Point(x: 4, y: 3))
  }

  @Test func aCursorMovedWithoutARedrawAsksForAFrameAlone() {
    let caret = CaretScreen()
    let host = ScreenHost(root: caret, size: Size(width: 10, height: 5))
    _ = host.frame()
    #expect(host.cursor == Point(x: 1, y: 1))
    caret.caret = Point(x: 2, y: 1)
    #expect(!host.needsFrame)
    caret.setNeedsCursorUpdate()
    #expect(host.needsFrame)
    let changes = host.frame()
    #expect(changes.isEmpty)
    #expect(host.cursor == Point(x: 2, y: 1))
    caret.caret = nil
    caret.setNeedsCursorUpdate()
    _ = host.frame()
    #expect(host.cursor == nil)
  }

  @Test func aScreenWithoutFocusShowsNoCursor() {
    let caret = CaretScreen()
    let root = Screen()
    root.addChild(caret)
    let stage = Stage(root: root, size: Size(width: 10, height: 5))
    stage.mount()
    stage.frame()
    #expect(stage.cursor == Point(x: 1, y: 1))
    stage.focus(nil)
    stage.frame()
    #expect(stage.cursor == nil)
    stage.unmount()
    stage.frame()
    #expect(stage.cursor == nil)
  }
}

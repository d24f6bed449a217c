import ScreenKit
import ScreenKitTesting
import Testing

@MainActor
@Suite struct KeyRoutingTests {
  @Test func keysGoToTheFocusedScreenFirst() async {
    let root = ProbeScreen("Root", handles: ["x"])
    let field = ProbeScreen("Field", focusable: true, handles: ["x"])
    root.addChild(field)
    let harness = ScreenHarness(root: root)
    #expect(harness.stage.focusedScreen === field)
    #expect(harness.press("x"))
    #expect(field.receivedKeys == ["x"])
    #expect(root.receivedKeys.isEmpty)
    await harness.finish()
  }

  @Test func unhandledKeysBubbleUpTheParents() async {
    let root = ProbeScreen("Root", handles: ["q"])
    let middle = ProbeScreen("Middle")
    let leaf = ProbeScreen("Leaf", focusable: true)
    middle.addChild(leaf)
    root.addChild(middle)
    let harness = ScreenHarness(root: root)
    #expect(harness.press("q"))
    #expect(leaf.receivedKeys == ["q"])
    #expect(middle.receivedKeys == ["q"])
    #expect(root.receivedKeys == ["q"])
    #expect(!harness.press("z"))
    await harness.finish()
  }

  @Test func tabAndShiftTabCycleFocusAmongFocusableScreens() async {
    let root = ColumnsScreen()
    let a = ProbeScreen("A", focusable: true)
    let b = ProbeScreen("B")
    let c = ProbeScreen("C", focusable: true)
    for screen in [a, b, c] { root.addChild(screen) }
    let harness = ScreenHarness(root: root, size: Size(width: 9, height: 1))
    expectScreen(harness, ["*A B  C"])
    harness.press(.tab)
    #expect(harness.stage.focusedScreen === c)
    expectScreen(harness, ["A  B  *C"])
    harness.press(.tab)
    #expect(harness.stage.focusedScreen === a)
    harness.press(.backTab)
    #expect(harness.stage.focusedScreen === c)
    await harness.finish()
  }

  @Test func aScreenThatHandlesTabKeepsIt() async {
    let root = ProbeScreen("Root")
    let editor = ProbeScreen("Editor", focusable: true, handles: [.tab])
    root.addChild(editor)
    root.addChild(ProbeScreen("Other", focusable: true))
    let harness = ScreenHarness(root: root)
    harness.press(.tab)
    #expect(harness.stage.focusedScreen === editor)
    await harness.finish()
  }

  @Test func removingTheFocusedScreenMovesFocusToAnotherOne() async {
    let root = ProbeScreen("Root")
    let a = ProbeScreen("A", focusable: true)
    let b = ProbeScreen("B", focusable: true)
    root.addChild(a)
    root.addChild(b)
    let harness = ScreenHarness(root: root)
    #expect(harness.stage.focusedScreen === a)
    a.removeFromParent()
    harness.press("x")
    #expect(harness.stage.focusedScreen === b)
    #expect(b.receivedKeys == ["x"])
    await harness.finish()
  }

  @Test func withoutFocusKeysGoToTheRoot() async {
    let root = ProbeScreen("Root", handles: ["k"])
    let harness = ScreenHarness(root: root)
    #expect(harness.stage.focusedScreen == nil)
    #expect(harness.press("k"))
    #expect(!harness.press(.tab))
    await harness.finish()
  }

  @Test func nonFocusableScreensRefuseFocus() async {
    let root = ProbeScreen("Root")
    let label = ProbeScreen("Label")
    root.addChild(label)
    let harness = ScreenHarness(root: root)
    #expect(!label.becomeFocused())
    await harness.finish()
  }

  @Test func typingSendsEachCharacterIncludingNonAscii() async {
    let root = ProbeScreen("Root", focusable: true)
    let harness = ScreenHarness(root: root)
    harness.type("aé你")
    #expect(root.receivedKeys == ["a", "é", "你"])
    await harness.finish()
  }

  @Test func keysDescribeThemselvesForHints() {
    #expect(Key.control("c").description == "^C")
    #expect(Key.alt("x").description == "M-x")
    #expect(Key.function(5).description == "F5")
    #expect(Key.character(" ").description == "Space")
    #expect(KeyHint(.enter, "open").description == "Enter open")
  }

  @Test func resizeEventsResizeTheStage() async {
    let harness = ScreenHarness(root: ProbeScreen("Root"), size: Size(width: 4, height: 2))
    #expect(harness.stage.handle(.resize(Size(width: 6, height: 3))))
    #expect(harness.lines.count == 3)
    #expect(harness.root.frame.size == Size(width: 6, height: 3))
    await harness.finish()
  }
}

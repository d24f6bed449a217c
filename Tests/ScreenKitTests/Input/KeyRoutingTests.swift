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

@MainActor
@Suite struct ModalAndFloatingTests {
  @Test func ancestorsHearWhenFocusMovesBelowThem() async {
    let root = FocusWatcher()
    let a = ProbeScreen("A", focusable: true)
    let b = ProbeScreen("B", focusable: true)
    root.addChild(a)
    root.addChild(b)
    let harness = ScreenHarness(root: root)
    let before = root.notifications
    harness.press(.tab)
    #expect(root.notifications == before + 1)
    await harness.finish()
  }

  @Test func aModalChildKeepsTabCyclingInsideIt() async {
    let root = ProbeScreen("Root")
    let covered = ProbeScreen("Covered", focusable: true)
    let modal = ProbeScreen("Modal")
    let first = ProbeScreen("First", focusable: true)
    let second = ProbeScreen("Second", focusable: true)
    modal.addChild(first)
    modal.addChild(second)
    modal.isModal = true
    root.addChild(covered)
    root.addChild(modal)
    let harness = ScreenHarness(root: root)
    #expect(harness.stage.focusableScreens.map(\.name) == ["First", "Second"])
    #expect(covered.isCoveredByModal)
    #expect(!first.isCoveredByModal)
    harness.press(.tab)
    harness.press(.tab)
    #expect(harness.stage.focusedScreen === first)
    await harness.finish()
  }

  @Test func theDefaultLayoutLeavesFloatingChildrenWhereTheyPutThemselves() async {
    let root = ProbeScreen("Root")
    let floating = ProbeScreen("Floating")
    floating.isFloating = true
    floating.frame = Rect(x: 3, y: 1, width: 4, height: 1)
    let filler = ProbeScreen("Filler")
    root.addChild(filler)
    root.addChild(floating)
    let harness = ScreenHarness(root: root, size: Size(width: 10, height: 3))
    #expect(filler.frame == Rect(x: 0, y: 0, width: 10, height: 3))
    #expect(floating.frame == Rect(x: 3, y: 1, width: 4, height: 1))
    await harness.finish()
  }
}

@MainActor
private final class FocusWatcher: Screen {
  var notifications = 0
  override func descendantFocusDidChange() { notifications += 1 }
}

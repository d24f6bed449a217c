import ScreenKit
import ScreenKitTesting
import Testing

@MainActor
@Suite struct ContainmentTests {
  @Test func childrenKeepTheirOrderAndInsertionIndex() {
    let root = ProbeScreen("Root")
    let a = ProbeScreen("A")
    let b = ProbeScreen("B")
    let c = ProbeScreen("C")
    root.addChild(a)
    root.addChild(c)
    root.insertChild(b, at: 1)
    #expect(root.children.map(\.name) == ["A", "B", "C"])
    #expect(b.parent === root)
  }

  @Test func movingAChildToAnotherParentRemovesItFirst() async {
    let root = ProbeScreen("Root")
    let left = ProbeScreen("Left")
    let right = ProbeScreen("Right")
    let child = ProbeScreen("Child")
    root.addChild(left)
    root.addChild(right)
    left.addChild(child)
    let harness = ScreenHarness(root: root)
    harness.journal.clear()
    right.addChild(child)
    #expect(left.children.isEmpty)
    #expect(right.children.map(\.name) == ["Child"])
    #expect(child.parent === right)
    #expect(
      harness.journal.descriptions == [
        "Child.willMove(toParent: nil)", "Child.willDisappear", "Child.didDisappear",
        "Child.didMove(toParent: nil)",
        "Child.willMove(toParent: Right)", "Child.willAppear", "Child.didAppear",
        "Child.didMove(toParent: Right)",
      ])
    await harness.finish()
  }

  @Test func reorderingWithinTheSameParentIsNotAMove() async {
    let root = ProbeScreen("Root")
    let a = ProbeScreen("A")
    root.addChild(a)
    root.addChild(ProbeScreen("B"))
    let harness = ScreenHarness(root: root)
    harness.journal.clear()
    root.addChild(a)
    #expect(root.children.map(\.name) == ["B", "A"])
    #expect(harness.journal.events.isEmpty)
    await harness.finish()
  }

  @Test func removingAScreenWithoutParentDoesNothing() {
    let screen = ProbeScreen("Alone")
    var hooks: [LifecycleEvent.Hook] = []
    screen.observeLifecycle { hooks.append($0.hook) }
    screen.removeFromParent()
    #expect(hooks.isEmpty)
  }

  @Test func removedSubtreeLeavesTheStage() async {
    let root = ProbeScreen("Root")
    let a = ProbeScreen("A")
    let a1 = ProbeScreen("A1")
    a.addChild(a1)
    root.addChild(a)
    let harness = ScreenHarness(root: root)
    #expect(a1.stage === harness.stage)
    a.removeFromParent()
    #expect(a.stage == nil)
    #expect(a1.stage == nil)
    #expect(a1.appearancePhase == .disappeared)
    await harness.finish()
  }

  @Test func removedScreensAreReleased() async {
    let root = ProbeScreen("Root")
    let harness = ScreenHarness(root: root)
    weak var weakChild: ProbeScreen?
    do {
      let child = ProbeScreen("Child", focusable: true)
      weakChild = child
      root.addChild(child)
      harness.renderIfNeeded()
      child.removeFromParent()
    }
    harness.renderIfNeeded()
    #expect(weakChild == nil)
    await harness.finish()
  }

  @Test func descendantAndNearestLookups() {
    let root = ProbeScreen("Root")
    let a = ProbeScreen("A")
    let b = ProbeScreen("B")
    root.addChild(a)
    a.addChild(b)
    #expect(b.isDescendant(of: root))
    #expect(!root.isDescendant(of: b))
    #expect(b.nearest(ProbeScreen.self) === b)
    #expect(root.subtree.map(\.name) == ["Root", "A", "B"])
    #expect(root.subtreeCount == 3)
  }

  @Test func hierarchyDescriptionShowsTreeFramesAndFocus() async {
    let root = ProbeScreen("Root")
    let a = ProbeScreen("A", focusable: true)
    root.addChild(a)
    a.title = "Episodes"
    let harness = ScreenHarness(root: root, size: Size(width: 10, height: 2))
    #expect(
      harness.hierarchyDescription == """
        Root (0, 0) 10x2
          A (0, 0) 10x2 "Episodes" focused
        """)
    await harness.finish()
  }
}

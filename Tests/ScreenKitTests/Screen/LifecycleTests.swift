import ScreenKit
import ScreenKitTesting
import Testing

@MainActor
@Suite struct LifecycleTests {
  @Test func mountingLoadsOnceThenAppearsParentFirstAndFinishesChildFirst() async {
    let root = ProbeScreen("Root")
    root.addChild(ProbeScreen("A"))
    let harness = ScreenHarness(root: root)
    #expect(
      harness.journal.descriptions == [
        "Root.didLoad", "Root.willAppear", "A.didLoad", "A.willAppear", "A.didAppear",
        "Root.didAppear",
      ])
    await harness.finish()
  }

  @Test func childDisappearsBeforeItsParentFinishesDisappearing() async {
    let root = ProbeScreen("Root")
    root.addChild(ProbeScreen("A"))
    let harness = ScreenHarness(root: root)
    harness.journal.clear()
    await harness.finish()
    #expect(
      harness.journal.descriptions == [
        "Root.willDisappear", "A.willDisappear", "A.didDisappear", "Root.didDisappear",
      ])
  }

  @Test func addingToAVisibleParentSendsMoveAroundAppearance() async {
    let root = ProbeScreen("Root")
    let harness = ScreenHarness(root: root)
    harness.journal.clear()
    root.addChild(ProbeScreen("A"))
    #expect(
      harness.journal.descriptions == [
        "A.willMove(toParent: Root)", "A.didLoad", "A.willAppear", "A.didAppear",
        "A.didMove(toParent: Root)",
      ])
    await harness.finish()
  }

  @Test func removingFromAVisibleParentSendsMoveAroundDisappearance() async {
    let root = ProbeScreen("Root")
    let child = ProbeScreen("A")
    root.addChild(child)
    let harness = ScreenHarness(root: root)
    harness.journal.clear()
    child.removeFromParent()
    #expect(
      harness.journal.descriptions == [
        "A.willMove(toParent: nil)", "A.willDisappear", "A.didDisappear",
        "A.didMove(toParent: nil)",
      ])
    #expect(child.parent == nil)
    #expect(root.children.isEmpty)
    await harness.finish()
  }

  @Test func screenAddedAndRemovedOffStageGetsNoAppearanceCalls() {
    let parent = ProbeScreen("Parent")
    let child = ProbeScreen("Child")
    var hooks: [LifecycleEvent.Hook] = []
    child.observeLifecycle { hooks.append($0.hook) }
    parent.addChild(child)
    child.removeFromParent()
    #expect(
      hooks == [
        .willMove(toParent: "Parent"), .didMove(toParent: "Parent"),
        .willMove(toParent: nil), .didMove(toParent: nil),
      ])
    #expect(!child.isLoaded)
  }

  @Test func everyLifecycleObserverHearsEveryCall() {
    let parent = ProbeScreen("Parent")
    let child = ProbeScreen("Child")
    var first: [String] = []
    var second: [String] = []
    child.observeLifecycle { first.append("\($0)") }
    child.observeLifecycle { second.append("\($0)") }
    parent.addChild(child)
    #expect(first == ["Child.willMove(toParent: Parent)", "Child.didMove(toParent: Parent)"])
    #expect(second == first)
  }

  @Test func didLoadRunsOnceAcrossManyAppearances() async {
    let root = ProbeScreen("Root")
    let harness = ScreenHarness(root: root)
    let child = ProbeScreen("A")
    for _ in 0..<3 {
      root.addChild(child)
      child.removeFromParent()
    }
    #expect(harness.journal.events(of: "A").filter { $0 == .didLoad }.count == 1)
    #expect(harness.journal.events(of: "A").filter { $0 == .willAppear }.count == 3)
    await harness.finish()
  }

  @Test func willCallsRunParentsFirstAndDidCallsChildrenFirst() async {
    let root = ProbeScreen("Root")
    let a = ProbeScreen("A")
    a.addChild(ProbeScreen("A1"))
    root.addChild(a)
    root.addChild(ProbeScreen("B"))
    let harness = ScreenHarness(root: root)
    let appear = harness.journal.descriptions.filter { $0.contains("Appear") }
    #expect(
      appear == [
        "Root.willAppear", "A.willAppear", "A1.willAppear", "B.willAppear",
        "A1.didAppear", "A.didAppear", "B.didAppear", "Root.didAppear",
      ])
    harness.journal.clear()
    await harness.finish()
    #expect(
      harness.journal.descriptions == [
        "Root.willDisappear", "A.willDisappear", "A1.willDisappear", "B.willDisappear",
        "A1.didDisappear", "A.didDisappear", "B.didDisappear", "Root.didDisappear",
      ])
  }

  @Test func childAddedDuringWillAppearAppearsOnceWithItsParent() async {
    let root = AddsChildOnAppear()
    let harness = ScreenHarness(root: root)
    #expect(
      harness.journal.events(of: "Late") == [
        .willMove(toParent: "AddsChildOnAppear"), .didLoad, .willAppear,
        .didMove(toParent: "AddsChildOnAppear"), .didAppear,
      ])
    #expect(harness.journal.violations.isEmpty)
    await harness.finish()
  }

  @Test func unbalancedJournalIsReported() {
    let journal = LifecycleJournal()
    journal.record(LifecycleEvent("X", .didLoad))
    journal.record(LifecycleEvent("X", .didAppear))
    journal.record(LifecycleEvent("X", .willMove(toParent: "P")))
    #expect(journal.violations.count == 2)
  }
}

@MainActor
private final class AddsChildOnAppear: Screen {
  override func willAppear() {
    if children.isEmpty { addChild(ProbeScreen("Late")) }
  }
}

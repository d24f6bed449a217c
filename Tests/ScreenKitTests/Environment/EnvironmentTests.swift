import ScreenKit
import ScreenKitTesting
import Testing

private struct AccentKey: EnvironmentKey {
  static var defaultValue: Color { .cyan }
}

extension EnvironmentValues {
  fileprivate var accent: Color {
    get { self[AccentKey.self] }
    set { self[AccentKey.self] = newValue }
  }
}

@MainActor
@Suite struct EnvironmentTests {
  @Test func unsetValuesReadTheirDefault() {
    #expect(ProbeScreen("A").environment.accent == .cyan)
  }

  @Test func theNearestAncestorWins() async {
    let root = ProbeScreen("Root")
    let middle = ProbeScreen("Middle")
    let leaf = ProbeScreen("Leaf")
    middle.addChild(leaf)
    root.addChild(middle)
    var base = EnvironmentValues()
    base.accent = .red
    let harness = ScreenHarness(root: root, environment: base)
    #expect(leaf.environment.accent == .red)
    root.setEnvironment(\.accent, .green)
    #expect(leaf.environment.accent == .green)
    middle.setEnvironment(\.accent, .yellow)
    #expect(leaf.environment.accent == .yellow)
    #expect(root.environment.accent == .green)
    leaf.setEnvironment(\.accent, .blue)
    #expect(leaf.environment.accent == .blue)
    await harness.finish()
  }

  @Test func aMovedScreenSeesItsNewAncestors() {
    let left = ProbeScreen("Left")
    let right = ProbeScreen("Right")
    left.setEnvironment(\.accent, .red)
    right.setEnvironment(\.accent, .green)
    let child = ProbeScreen("Child")
    left.addChild(child)
    #expect(child.environment.accent == .red)
    right.addChild(child)
    #expect(child.environment.accent == .green)
  }
}

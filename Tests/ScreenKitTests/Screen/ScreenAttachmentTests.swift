import ScreenKit
import ScreenKitTesting
import Testing

/// A screen's attachments as a user writing one sees them: where they draw, which keys, mouse
/// events and pastes they get, and what they hear of the screen's lifecycle and presence.
@MainActor
@Suite struct ScreenAttachmentTests {
  /// An attachment that marks the screen's first cell, may cover it, takes the keys it is
  /// given, and notes what it hears.
  final class Marker: ScreenAttachment {
    var covers = false
    var focusable = false
    var keys: Set<Key> = []
    private(set) var heard: [String] = []

    var coversContent: Bool { covers }
    var makesScreenFocusable: Bool { focusable }

    func drawCovering(_ screen: Screen, in canvas: inout Canvas) {
      canvas.drawText("covered", at: .zero)
    }

    func drawOver(_ screen: Screen, in canvas: inout Canvas) {
      canvas.drawText("*", at: .zero)
    }

    func handle(_ key: Key, for screen: Screen) -> Bool {
      heard.append("key \(key)")
      return keys.contains(key)
    }

    func handleMouse(_ event: MouseEvent, for screen: Screen) -> Bool {
      heard.append("mouse")
      return covers
    }

    func screenDidAppear(_ screen: Screen) { heard.append("appeared") }
    func screenWillDisappear(_ screen: Screen) { heard.append("disappearing") }
    func screenPresenceDidChange(_ screen: Screen) {
      heard.append(screen.isPresent ? "present" : "absent")
    }
  }

  @Test func anAttachmentDrawsOverTheScreenAndUnderItsChildren() async {
    let screen = ProbeScreen("screen", text: "abc")
    let child = ProbeScreen("child", text: "x")
    screen.addChild(child)
    let harness = ScreenHarness(root: screen, size: Size(width: 6, height: 2))
    child.frame = Rect(x: 0, y: 1, width: 6, height: 1)
    screen.attach(Marker())
    expectScreen(harness, ["*bc", "x"])
    await harness.finish()
  }

  @Test func aCoveringAttachmentDrawsInsteadAndAloneGetsKeysAndClicks() async {
    let parent = ProbeScreen("parent", focusable: false, handles: ["q"])
    let screen = ProbeScreen("screen", text: "abc", focusable: true, handles: ["q"])
    parent.addChild(screen)
    let harness = ScreenHarness(root: parent, size: Size(width: 8, height: 1))
    let marker = Marker()
    marker.covers = true
    screen.attach(marker)
    expectScreen(harness, ["covered"])
    #expect(harness.press("q"), "the parent gets what the attachment leaves")
    #expect(screen.receivedKeys.isEmpty)
    #expect(parent.receivedKeys == ["q"])
    #expect(harness.click(x: 0, y: 0))
    #expect(!harness.paste("text"), "no paste reaches a covered screen")
    #expect(marker.heard == ["key q", "mouse", "mouse"], "a click is a press and a release")
    await harness.finish()
  }

  @Test func keysGoToTheScreenFirstThenToEachAttachmentInOrder() async {
    let screen = ProbeScreen("screen", focusable: true, handles: ["a"])
    let harness = ScreenHarness(root: screen, size: Size(width: 4, height: 1))
    let first = Marker()
    first.keys = ["b"]
    let second = Marker()
    second.keys = ["c"]
    screen.attach(first)
    screen.attach(second)
    screen.attach(first)
    #expect(screen.attachments.count == 2, "attaching one twice does nothing")
    #expect(harness.press("a"))
    #expect(harness.press("b"))
    #expect(harness.press("c"))
    #expect(!harness.press("d"))
    #expect(first.heard == ["key b", "key c", "key d"])
    #expect(second.heard == ["key c", "key d"])
    screen.detach(second)
    #expect(!harness.press("c"))
    await harness.finish()
  }

  @Test func anAttachmentCanMakeAPlainScreenFocusable() async {
    let root = ProbeScreen("root")
    // NB: a plain screen: one that overrides `canBecomeFocused` decides for itself.
    let screen = Screen()
    root.addChild(screen)
    let harness = ScreenHarness(root: root, size: Size(width: 4, height: 1))
    screen.frame = Rect(x: 0, y: 0, width: 4, height: 1)
    #expect(!screen.canBecomeFocused)
    let marker = Marker()
    marker.focusable = true
    screen.attach(marker)
    harness.renderIfNeeded()
    #expect(harness.stage.focusedScreen === screen)
    await harness.finish()
  }

  @Test func anAttachmentHearsTheScreenAppearGoAndLosePresenceUnderAModal() async {
    let root = ProbeScreen("root")
    let screen = ProbeScreen("screen")
    let marker = Marker()
    screen.attach(marker)
    root.addChild(screen)
    let harness = ScreenHarness(root: root, size: Size(width: 10, height: 4))
    #expect(marker.heard == ["appeared"])
    let modal = ProbeScreen("modal")
    modal.isModal = true
    root.addChild(modal)
    screen.removeFromParent()
    #expect(marker.heard == ["appeared", "absent", "disappearing"])
    await harness.finish()
  }
}

import ScreenKit
import ScreenKitTesting
import Testing

/// The terminal's focus reports: the stage keeps the latest, visible screens hear of each
/// change, and no report ever reaches a screen as a key.
@MainActor
@Suite struct TerminalFocusTests {
  /// Counts the focus changes it hears of and the keys it gets.
  final class Watcher: Screen {
    private(set) var changes: [Bool] = []
    private(set) var keys: [Key] = []
    override var canBecomeFocused: Bool { true }
    override func terminalFocusDidChange() { changes.append(stage?.terminalHasFocus ?? true) }
    override func handle(_ key: Key) -> Bool {
      keys.append(key)
      return true
    }
  }

  @Test func visibleScreensHearOfEachChangeOnce() {
    let shown = Watcher()
    let hidden = Watcher()
    let navigation = NavigationScreen(root: hidden)
    navigation.push(shown)
    let harness = ScreenHarness(root: navigation, size: Size(width: 20, height: 4))
    #expect(harness.stage.terminalHasFocus, "a terminal that never reports has focus")
    harness.setTerminalFocus(false)
    harness.setTerminalFocus(false)
    harness.setTerminalFocus(true)
    #expect(shown.changes == [false, true])
    #expect(hidden.changes.isEmpty, "a screen pushed under another is not visible")
    #expect(harness.stage.terminalHasFocus)
  }

  @Test func reportsReadFromTheTerminalAreNeverKeys() {
    let watcher = Watcher()
    var unhandled: [Key] = []
    let host = ScreenHost(root: watcher, size: Size(width: 20, height: 3))
    host.onUnhandledKey = { unhandled.append($0) }
    _ = host.frame()
    #expect(host.deliver(bytes: Array("a\u{1B}[O".utf8)))
    #expect(!host.stage.terminalHasFocus)
    host.deliver(bytes: Array("\u{1B}[".utf8))
    host.deliver(bytes: Array("Ib".utf8))
    #expect(host.stage.terminalHasFocus)
    #expect(watcher.keys == [.character("a"), .character("b")])
    #expect(watcher.changes == [false, true])
    #expect(unhandled.isEmpty)
    host.close()
  }
}

import ScreenKit
import ScreenKitTesting
import Testing

/// The terminal's focus reports: the stage keeps the latest, and visible screens hear of each
/// change. (`HostInputDecoderTests` shows that a report read from a terminal is never a key.)
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
}

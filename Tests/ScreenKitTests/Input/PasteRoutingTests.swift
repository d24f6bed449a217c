import ScreenKit
import ScreenKitTesting
import Testing

/// Pasted text travels like a key, as one event, and never turns into keys.
@MainActor
@Suite struct PasteRoutingTests {
  @Test func aPasteGoesToTheFocusedScreenThenBubblesUpAndIsNeverKeys() async {
    let root = PasteProbe(takesPastes: true)
    let field = PasteProbe(takesPastes: false, focusable: true)
    root.addChild(field)
    let harness = ScreenHarness(root: root)
    #expect(harness.paste("q\nline"))
    #expect(field.pastes == ["q\nline"])
    #expect(root.pastes == ["q\nline"])
    #expect(root.keys.isEmpty && field.keys.isEmpty, "a paste is never replayed as keys")
    await harness.finish()
  }

  @Test func aPasteSkipsAScreenCoveredByAnOverlay() async {
    let root = PasteProbe(takesPastes: true)
    let covered = PasteProbe(takesPastes: true, focusable: true)
    root.addChild(covered)
    let harness = ScreenHarness(root: root)
    covered.presentOverlay(PasteProbe(takesPastes: false, focusable: true))
    #expect(harness.paste("text"))
    #expect(covered.pastes.isEmpty, "a covered screen takes no input")
    #expect(root.pastes == ["text"])
    await harness.finish()
  }

  @Test func aPasteNobodyTakesIsDropped() async {
    let root = PasteProbe(takesPastes: false)
    let harness = ScreenHarness(root: root)
    #expect(!harness.paste("q"))
    #expect(!harness.stage.handle(.paste("q")))
    #expect(root.pastes == ["q", "q"])
    #expect(root.keys.isEmpty)
    await harness.finish()
  }
}

/// Records the pastes and keys it is sent; takes pastes when asked to.
private final class PasteProbe: Screen {
  private let takesPastes: Bool
  private let focusable: Bool
  private(set) var pastes: [String] = []
  private(set) var keys: [Key] = []

  init(takesPastes: Bool, focusable: Bool = false) {
    self.takesPastes = takesPastes
    self.focusable = focusable
    super.init()
  }

  override var canBecomeFocused: Bool { focusable }

  override func handle(_ key: Key) -> Bool {
    keys.append(key)
    return false
  }

  override func handlePaste(_ text: String) -> Bool {
    pastes.append(text)
    return takesPastes
  }
}

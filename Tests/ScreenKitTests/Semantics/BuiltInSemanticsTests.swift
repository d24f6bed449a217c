import ScreenKit
import ScreenKitTesting
import Testing

/// What each built-in screen of the core says it is, in each state: what the accessible mode
/// writes in place of its cells.
@MainActor
@Suite struct BuiltInSemanticsTests {
  private struct Row: ListRowDisplayable {
    var title: String
    var detail: String?
    var badge: String?
  }

  private let rows: [any ListRowDisplayable] = [
    Row(title: "Swift Basics", detail: "2024-01-05", badge: "26 min"),
    Row(title: "Concurrency"),
    Row(title: "Testing", badge: "✔"),
  ]

  @Test func aListIsItsRowCountAndItsSelectedRowAsItMoves() async {
    let list = ListScreen(rows: rows)
    let harness = ScreenHarness(root: list, size: Size(width: 40, height: 5))
    #expect(
      list.semantics
        == Semantics(
          role: .list, value: "3 items",
          item: Semantics.Item(
            index: 0, count: 3, label: "Swift Basics", detail: "2024-01-05, 26 min")))
    harness.press(.down)
    #expect(list.semantics?.item == Semantics.Item(index: 1, count: 3, label: "Concurrency"))
    harness.press(.end)
    #expect(
      list.semantics?.item == Semantics.Item(index: 2, count: 3, label: "Testing", detail: "✔"))
    list.rows = [rows[0]]
    #expect(list.semantics?.value == "1 item")
    await harness.finish()
  }

  @Test func anEmptyListSaysItsEmptyMessage() async {
    let list = ListScreen(rows: [], emptyMessage: "No episodes")
    let harness = ScreenHarness(root: list, size: Size(width: 40, height: 5))
    #expect(list.semantics == Semantics(role: .list, value: "No episodes"))
    await harness.finish()
  }

  @Test func aFieldIsItsPromptAndText() async {
    let field = TextField(placeholder: "name", prompt: "Name: ")
    let harness = ScreenHarness(root: field, size: Size(width: 30, height: 1))
    #expect(field.semantics == Semantics(role: .field, label: "Name", value: "empty, name"))
    harness.type("Ada")
    #expect(field.semantics == Semantics(role: .field, label: "Name", value: "Ada"))
    await harness.finish()
  }

  @Test func aSecretFieldSaysHowManyCharactersNeverWhich() async {
    let field = TextField(prompt: "> ", mask: "•")
    let harness = ScreenHarness(root: field, size: Size(width: 30, height: 1))
    harness.type("hunter2")
    #expect(field.semantics == Semantics(role: .field, value: "hidden, 7 characters"))
    harness.press(.backspace)
    harness.press(.backspace)
    harness.press(.backspace)
    harness.press(.backspace)
    harness.press(.backspace)
    harness.press(.backspace)
    #expect(field.semantics?.value == "hidden, 1 character")
    await harness.finish()
  }

  @Test func textIsItsFirstLineInViewAsItScrolls() async {
    let text = TextScreen(text: "one\ntwo\nthree\nfour", title: "Notes")
    let harness = ScreenHarness(root: text, size: Size(width: 20, height: 2))
    #expect(text.semantics?.role == .text)
    #expect(text.semantics?.item == Semantics.Item(index: 0, count: 4, label: "one"))
    harness.press(.down)
    #expect(text.semantics?.item == Semantics.Item(index: 1, count: 4, label: "two"))
    await harness.finish()
  }

  @Test func helpListsTheKeys() async {
    let help = HelpScreen(hints: [KeyHint("q", "quit"), KeyHint("r", "refresh")])
    let harness = ScreenHarness(root: help, size: Size(width: 30, height: 5))
    #expect(
      help.semantics
        == Semantics(
          role: .list, label: "Help", value: "2 keys",
          item: Semantics.Item(index: 0, count: 2, label: "q: quit")))
    await harness.finish()
  }

  @Test func navigationAndOverlaysAnswerForWhatTheyShow() async {
    let text = TextScreen(text: "plain", title: "Plain")
    let navigation = NavigationScreen(root: text)
    let harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 6))
    #expect(navigation.semantics == text.semantics)
    let inside = TextScreen(text: "inside")
    let overlay = OverlayScreen(content: inside)
    #expect(overlay.semantics == inside.semantics)
    #expect(overlay.semantics?.value == "inside")
    await harness.finish()
  }

  @Test func aScreenOfItsOwnSaysNothingUntilItOverrides() {
    #expect(Screen().semantics == nil)
    #expect(Screen().effectiveSemantics == nil)
  }
}

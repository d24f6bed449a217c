import ScreenKit
import ScreenKitTesting
import Testing

/// A search field over a list, as a picker has them: the field takes what is typed, and the
/// keys it leaves alone drive the list.
@MainActor
private final class SearchScreen: Screen {
  let field: TextField
  let list: ListScreen

  init(field: TextField, rows: [String]) {
    self.field = field
    self.list = ListScreen(rows: rows.map { Row(title: $0) })
    super.init()
    addChild(field)
    addChild(list)
  }

  override func layoutChildren() {
    field.frame = Rect(x: 0, y: 0, width: frame.width, height: 1)
    list.frame = Rect(x: 0, y: 1, width: frame.width, height: max(0, frame.height - 1))
  }

  override func handle(_ key: Key) -> Bool {
    switch key {
    case .up, .down, .control("n"), .control("p"):
      return list.handle(key == .control("n") ? .down : key == .control("p") ? .up : key)
    default: return false
    }
  }

  struct Row: ListRowDisplayable {
    var title: String
  }
}

/// A screen drawn over part of another without being modal, as a completion popup is.
@MainActor
private final class Popup: Screen {
  override func draw(in canvas: inout Canvas) { canvas.drawText("popup", at: .zero) }
}

/// What a user of a one-line text field sees: the text, the placeholder, the terminal's cursor.
@MainActor @Suite struct TextFieldTests {
  @Test func typedTextShowsAfterThePromptWithTheCursorAfterIt() async {
    let field = TextField(prompt: "> ")
    let harness = ScreenHarness(root: field, size: Size(width: 14, height: 1))
    #expect(harness.cursor == Point(x: 2, y: 0))
    harness.type("终端")
    // A terminal sends a key per scalar: an accent after its letter, a family joined by ZWJ.
    for scalar in "e\u{301}👩‍👩‍👧".unicodeScalars { harness.press(.character(Character(scalar))) }
    #expect(field.text == "终端e\u{301}👩‍👩‍👧")
    expectScreen(harness, ["> 终端e\u{301}👩‍👩‍👧     "])
    #expect(harness.cursor == Point(x: 9, y: 0))
    harness.press(.backspace, .backspace)
    #expect(field.text == "终端")
    #expect(harness.cursor == Point(x: 6, y: 0))
    await harness.finish()
  }

  @Test func theReadlineKeysEditThroughTheHarness() async {
    let field = TextField()
    let harness = ScreenHarness(root: field, size: Size(width: 20, height: 1))
    harness.type("hello big world")
    #expect(harness.press(.control("a")))
    #expect(harness.cursor == Point(x: 0, y: 0))
    harness.press(.alt(.character("f")))
    #expect(harness.cursor == Point(x: 5, y: 0))
    harness.press(.alt(.character("d")))
    #expect(field.text == "hello world")
    harness.press(.control("e"), .control("w"))
    #expect(field.text == "hello ")
    harness.press(.alt(.character("b")), .control("k"), .control("y"), .control("y"))
    #expect(field.text == "hello hello ")
    harness.press(.control("u"))
    #expect(field.text == "")
    #expect(harness.lines == [String(repeating: " ", count: 20)])
    await harness.finish()
  }

  @Test func aPasteIsOneEditOnOneLine() async {
    let field = TextField(text: "[]")
    var changes: [String] = []
    field.onChange = { changes.append($0) }
    let harness = ScreenHarness(root: field, size: Size(width: 30, height: 1))
    harness.press(.left)
    #expect(harness.paste("one\ntwo\tthree"))
    #expect(changes == ["[one two three]"])
    #expect(harness.screenText == "[one two three]")
    #expect(harness.cursor == Point(x: 14, y: 0))
    await harness.finish()
  }

  @Test func aNarrowFieldScrollsToKeepTheCursorInView() async {
    let field = TextField(prompt: "> ")
    let harness = ScreenHarness(root: field, size: Size(width: 8, height: 1))
    harness.type("abcdefghij")
    expectScreen(harness, ["> fghij "])
    #expect(harness.cursor == Point(x: 7, y: 0))
    harness.press(.home)
    expectScreen(harness, ["> abcdef"])
    #expect(harness.cursor == Point(x: 2, y: 0))
    // Back from the end, the text stays put while the cursor is in view.
    harness.press(.end, .left, .left)
    expectScreen(harness, ["> fghij "])
    #expect(harness.cursor == Point(x: 2 + 3, y: 0))
    harness.press(.left, .left, .left, .left)
    expectScreen(harness, ["> efghij"])
    #expect(harness.cursor == Point(x: 2, y: 0))
    harness.resize(to: Size(width: 5, height: 1))
    #expect(harness.cursor.map { $0.x < 5 } == true)
    await harness.finish()
  }

  @Test func aMoveOfTheCursorAloneMakesAFrameThatChangesNoCell() async {
    let field = TextField(text: "abc")
    let harness = ScreenHarness(root: field, size: Size(width: 10, height: 1))
    let frames = harness.frameCount
    harness.press(.left)
    #expect(harness.frameCount == frames + 1)
    #expect(harness.lastFrameChanges.isEmpty)
    #expect(harness.cursor == Point(x: 2, y: 0))
    await harness.finish()
  }

  @Test func thePlaceholderShowsDimmedWhileTheFieldIsEmpty() async {
    let field = TextField(placeholder: "Search", prompt: "/")
    let harness = ScreenHarness(root: field, size: Size(width: 10, height: 1))
    expectScreen(harness, ["/Search   "])
    #expect(harness.style(x: 1, y: 0).attributes.contains(.dim))
    #expect(harness.style(x: 0, y: 0).attributes.contains(.bold))
    #expect(harness.cursor == Point(x: 1, y: 0))
    harness.type("x")
    expectScreen(harness, ["/x        "])
    #expect(!harness.style(x: 1, y: 0).attributes.contains(.dim))
    harness.press(.backspace)
    expectScreen(harness, ["/Search   "])
    await harness.finish()
  }

  @Test func aMaskShowsOneMaskPerCharacterAndKeepsTheText() async {
    let field = TextField(prompt: "pin ", mask: "•")
    let harness = ScreenHarness(root: field, size: Size(width: 10, height: 1))
    harness.type("终端ab")
    #expect(field.text == "终端ab")
    expectScreen(harness, ["pin ••••  "])
    #expect(harness.cursor == Point(x: 8, y: 0))
    harness.type("cd")
    expectScreen(harness, ["pin •••••"])
    #expect(harness.cursor == Point(x: 9, y: 0))
    await harness.finish()
  }

  @Test func enterSubmitsAndEscapeCancelsOnlyWhenAsked() async {
    let field = TextField(text: "query")
    let harness = ScreenHarness(root: field, size: Size(width: 10, height: 1))
    #expect(!harness.press(.enter))
    #expect(!harness.press(.escape))
    var submitted: [String] = []
    var cancelled = 0
    field.onSubmit = { submitted.append($0) }
    field.onCancel = { cancelled += 1 }
    #expect(harness.press(.enter))
    #expect(harness.press(.escape))
    #expect(submitted == ["query"])
    #expect(cancelled == 1)
    await harness.finish()
  }

  @Test func settingTheTextFromCodeCallsNoOnChange() async {
    let field = TextField()
    var changes = 0
    field.onChange = { _ in changes += 1 }
    let harness = ScreenHarness(root: field, size: Size(width: 10, height: 1))
    field.text = "two\nlines"
    expectScreen(harness, ["two lines "])
    #expect(harness.cursor == Point(x: 9, y: 0))
    #expect(changes == 0)
    harness.type("!")
    #expect(changes == 1)
    await harness.finish()
  }

  @Test func keysTheFieldLeavesAloneDriveTheListUnderIt() async {
    let field = TextField(prompt: "> ")
    let screen = SearchScreen(field: field, rows: ["one", "two", "three"])
    let harness = ScreenHarness(root: screen, size: Size(width: 12, height: 4))
    #expect(harness.stage.focusedScreen === field)
    harness.type("t")
    harness.press(.down)
    #expect(screen.list.selectedIndex == 1)
    harness.press(.control("n"))
    #expect(screen.list.selectedIndex == 2)
    harness.press(.up)
    #expect(screen.list.selectedIndex == 1)
    #expect(field.text == "t")
    #expect(harness.stage.focusedScreen === field)
    #expect(harness.cursor == Point(x: 3, y: 0))
    await harness.finish()
  }

  @Test func theCursorIsGoneWhileFocusIsElsewhere() async {
    let field = TextField(text: "abc")
    let screen = SearchScreen(field: field, rows: ["one"])
    let harness = ScreenHarness(root: screen, size: Size(width: 12, height: 4))
    #expect(harness.cursor == Point(x: 3, y: 0))
    harness.press(.tab)
    #expect(harness.stage.focusedScreen === screen.list)
    #expect(harness.cursor == nil)
    harness.press(.backTab)
    #expect(harness.cursor == Point(x: 3, y: 0))
    await harness.finish()
  }

  @Test func theCursorIsHiddenWhileAnOverlayCoversTheField() async {
    let field = TextField(text: "abc")
    let screen = SearchScreen(field: field, rows: ["one"])
    let harness = ScreenHarness(root: screen, size: Size(width: 30, height: 8))
    let overlay = screen.presentOverlay(TextScreen(text: "Sure?"), title: "Confirm")
    await harness.settle()
    #expect(harness.cursor == nil)
    overlay.dismiss()
    await harness.settle()
    #expect(harness.stage.focusedScreen === field)
    #expect(harness.cursor == Point(x: 3, y: 0))
    await harness.finish()
  }

  @Test func theCursorIsHiddenWhereAnotherScreenIsDrawnOverIt() async {
    let field = TextField(text: "abc")
    let screen = SearchScreen(field: field, rows: ["one"])
    let harness = ScreenHarness(root: screen, size: Size(width: 12, height: 4))
    let popup = Popup()
    popup.isFloating = true
    screen.addChild(popup)
    popup.frame = Rect(x: 2, y: 0, width: 5, height: 2)
    await harness.settle()
    #expect(harness.stage.focusedScreen === field)
    #expect(harness.cursor == nil)
    popup.frame = Rect(x: 5, y: 0, width: 5, height: 2)
    await harness.settle()
    #expect(harness.cursor == Point(x: 3, y: 0))
    await harness.finish()
  }

  @Test func theCursorIsHiddenWhereTheParentClipsIt() async {
    let field = TextField(text: "abcdef")
    let holder = ClippingHolder(field: field)
    let harness = ScreenHarness(root: holder, size: Size(width: 12, height: 2))
    #expect(harness.cursor == nil)
    harness.press(.home)
    #expect(harness.cursor == Point(x: 0, y: 0))
    await harness.finish()
  }

  @Test func aClickPutsTheCursorOnTheCharacterUnderIt() async {
    let field = TextField(text: "a终bc", prompt: "> ")
    let screen = SearchScreen(field: field, rows: ["one"])
    let harness = ScreenHarness(root: screen, size: Size(width: 12, height: 4))
    harness.press(.tab)
    #expect(harness.cursor == nil)
    #expect(harness.click(x: 4, y: 0))
    #expect(harness.stage.focusedScreen === field)
    #expect(harness.cursor == Point(x: 3, y: 0))
    #expect(field.editor.cursor == 1)
    harness.click(x: 11, y: 0)
    #expect(harness.cursor == Point(x: 7, y: 0))
    await harness.finish()
  }
}

/// A field inside a parent four columns wide, which clips the rest of it away.
@MainActor
private final class ClippingHolder: Screen {
  let field: TextField
  private let narrow = Unlaid()
  init(field: TextField) {
    self.field = field
    super.init()
    addChild(narrow)
    narrow.addChild(field)
  }
  override func layoutChildren() {
    narrow.frame = Rect(x: 0, y: 0, width: 4, height: 1)
    field.frame = Rect(x: 0, y: 0, width: 12, height: 1)
  }
}

/// A container that leaves its children's frames as they are set.
@MainActor
private final class Unlaid: Screen {
  override func layoutChildren() {}
}

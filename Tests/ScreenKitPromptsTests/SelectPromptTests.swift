import ScreenKit
import ScreenKitPrompts
import ScreenKitTesting
import Testing

/// One choice among rows: moving, disabled rows, filtering, scrolling.
@MainActor
@Suite struct SelectPromptTests {
  static let languages = SelectPrompt(
    "Language?", id: "language",
    choices: [
      Choice("Swift", name: "swift"), Choice("Rust", name: "rust"),
      Choice("Kotlin", name: "kotlin", disabled: "no toolchain"), Choice("Go", name: "go"),
    ],
    default: "Rust")

  @Test func thePointerStartsAtTheDefaultAndSkipsDisabledRows() async {
    let asked = Submissions(Self.languages)
    expectSnapshot(asked.harness, named: "start")
    expectScreen(
      asked.harness,
      ["? Language? type to filter", "  Swift", "› Rust", "  Kotlin (no toolchain)", "  Go", ""])
    asked.harness.press(.down)
    expectScreen(
      asked.harness,
      ["? Language? type to filter", "  Swift", "  Rust", "  Kotlin (no toolchain)", "› Go", ""])
    asked.harness.press(.down)
    asked.harness.press(.enter)
    #expect(asked.values == ["Go"])
    await asked.harness.finish()
  }

  @Test func typingFiltersAndHighlightsTheMatch() async {
    let asked = Submissions(Self.languages)
    asked.harness.type("rt")
    expectSnapshot(asked.harness, named: "filtered")
    expectScreen(
      asked.harness, ["? Language? rt", "› Rust", "", "", "", "1 of 4"])
    // The matched characters are underlined, the others not.
    #expect(asked.harness.style(x: 2, y: 1).attributes.contains(.underline))
    #expect(!asked.harness.style(x: 3, y: 1).attributes.contains(.underline))
    #expect(asked.harness.cursor == Point(x: 14, y: 0))
    asked.harness.press(.backspace, .backspace)
    asked.harness.type("s")
    // Best first: a match at the start of the title before one inside it.
    expectScreen(asked.harness, ["? Language? s", "› Swift", "  Rust", "", "", "2 of 4"])
    asked.harness.press(.enter)
    #expect(asked.values == ["Swift"])
    await asked.harness.finish()
  }

  @Test func escapeClearsTheFilterAndNoMatchIsSaid() async {
    let asked = Submissions(Self.languages)
    asked.harness.type("zz")
    asked.harness.press(.enter)
    #expect(asked.values.isEmpty)
    expectScreen(asked.harness, ["? Language? zz", "", "", "", "", "✘ no row matches"])
    asked.harness.press(.escape)
    expectScreen(
      asked.harness,
      ["? Language? type to filter", "› Swift", "  Rust", "  Kotlin (no toolchain)", "  Go", ""])
    await asked.harness.finish()
  }

  @Test func rowsScrollPastThePage() async {
    let many = SelectPrompt(
      "Number?", id: "number", choices: (1...20).map { Choice("Row \($0)") }, pageSize: 4)
    #expect(many.rows == 6)
    let asked = Submissions(many)
    for _ in 1...6 { asked.harness.press(.down) }
    expectSnapshot(asked.harness, named: "scrolled")
    expectScreen(
      asked.harness,
      ["? Number? type to filter", "  Row 4", "  Row 5", "  Row 6", "› Row 7", "20 of 20"])
    asked.harness.press(.pageDown)
    expectScreen(
      asked.harness,
      ["? Number? type to filter", "  Row 7", "  Row 8", "  Row 9", "› Row 10", "20 of 20"])
    await asked.harness.finish()
  }

  @Test func aLetterTypedNarrowsTheLastMatchesAndAnEditWidensThemAgain() async {
    let many = SelectPrompt(
      "Number?", id: "number", choices: (1...30).map { Choice("Row \($0)") }, pageSize: 4)
    let asked = Submissions(many)
    asked.harness.type("29")
    expectScreen(asked.harness, ["? Number? 29", "› Row 29", "", "", "", "1 of 30"])
    // Only the rows on screen are matched again for their highlight.
    #expect(asked.harness.style(x: 6, y: 1).attributes.contains(.underline))
    #expect(!asked.harness.style(x: 5, y: 1).attributes.contains(.underline))
    // Backspace: the rows "2" let through, as they were.
    asked.harness.press(.backspace)
    expectScreen(
      asked.harness, ["? Number? 2", "› Row 2", "  Row 20", "  Row 21", "  Row 22", "12 of 30"])
    // "21" narrows "2": among its twelve, only Row 21 holds a 2 then a 1.
    asked.harness.type("1")
    expectScreen(asked.harness, ["? Number? 21", "› Row 21", "", "", "", "1 of 30"])
    asked.harness.press(.enter)
    #expect(asked.values == ["Row 21"])
    await asked.harness.finish()
  }

  @Test func aTerminalShorterThanThePageScrollsToo() async {
    let many = SelectPrompt(
      "Number?", id: "number", choices: (1...20).map { Choice("Row \($0)") })
    let asked = Submissions(many, height: 4)
    asked.harness.press(.down, .down, .down)
    expectScreen(asked.harness, ["? Number? type to filter", "  Row 3", "› Row 4", "20 of 20"])
    await asked.harness.finish()
  }

  @Test func theEnvironmentNamesAChoiceByNameOrTitle() throws {
    #expect(try Self.languages.answer(from: "swift") == "Swift")
    #expect(try Self.languages.answer(from: "GO") == "Go")
    #expect(throws: PromptRejection("kotlin cannot be chosen (no toolchain)")) {
      try Self.languages.answer(from: "kotlin")
    }
    #expect(throws: PromptRejection("answer one of swift|rust|go")) {
      try Self.languages.answer(from: "cobol")
    }
  }
}

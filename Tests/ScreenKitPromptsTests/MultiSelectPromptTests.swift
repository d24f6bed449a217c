import ScreenKit
import ScreenKitPrompts
import ScreenKitTesting
import Testing

/// Any number of choices, within their bounds.
@MainActor
@Suite struct MultiSelectPromptTests {
  static let features = MultiSelectPrompt(
    "Features?", id: "features",
    choices: [
      Choice("Tests", name: "tests"), Choice("CI", name: "ci"), Choice("Docs", name: "docs"),
    ],
    default: ["Tests"], minimum: 1, maximum: 2)

  @Test func spaceChoosesAndEnterAnswersInTheRowsOrder() async {
    let asked = Submissions(Self.features, width: 44)
    expectSnapshot(asked.harness, named: "start")
    expectScreen(
      asked.harness,
      [
        "? Features? type to filter", "› ◉ Tests", "  ○ CI", "  ○ Docs",
        "1 chosen, space to choose",
      ])
    asked.harness.press(.down, .down, " ")
    expectScreen(
      asked.harness,
      [
        "? Features? type to filter", "  ◉ Tests", "  ○ CI", "› ◉ Docs",
        "2 chosen, space to choose",
      ])
    asked.harness.press(.enter)
    #expect(asked.values == [["Tests", "Docs"]])
    await asked.harness.finish()
  }

  @Test func theBoundsAreSaidWhereTheyStopTheUser() async {
    let asked = Submissions(Self.features, width: 44)
    asked.harness.press(.down, .tab, .down, .tab)
    expectSnapshot(asked.harness, named: "at-most")
    expectScreen(
      asked.harness,
      ["? Features? type to filter", "  ◉ Tests", "  ◉ CI", "› ○ Docs", "✘ choose at most 2"])
    asked.harness.press(.up, " ", .up, " ", .enter)
    expectScreen(
      asked.harness,
      ["? Features? type to filter", "› ○ Tests", "  ○ CI", "  ○ Docs", "✘ choose at least 1"])
    #expect(asked.values.isEmpty)
    await asked.harness.finish()
  }

  @Test func aDefaultOutsideTheBoundsIsNone() {
    let choices = [Choice("A"), Choice("B")]
    #expect(MultiSelectPrompt("?", id: "x", choices: choices, minimum: 1).defaultAnswer == nil)
    #expect(
      MultiSelectPrompt("?", id: "x", choices: choices, default: ["A", "B"], maximum: 1)
        .defaultAnswer == nil)
    #expect(MultiSelectPrompt("?", id: "x", choices: choices).defaultAnswer == [])
  }

  @Test func theEnvironmentGivesNamesSeparatedByCommas() throws {
    #expect(try Self.features.answer(from: "docs, tests") == ["Tests", "Docs"])
    #expect(throws: PromptRejection("choose at least 1")) { try Self.features.answer(from: "") }
    #expect(throws: PromptRejection("choose at most 2")) {
      try Self.features.answer(from: "tests,ci,docs")
    }
    #expect(Self.features.answerFormat == "tests,ci,docs")
    #expect(Self.features.answerLine(for: [], symbols: .standard) == "✔ Features? (none)")
  }
}

import ScreenKit
import ScreenKitPrompts
import ScreenKitTesting
import Testing

/// A yes-or-no question as it is drawn and answered on the terminal.
@MainActor
@Suite struct ConfirmPromptTests {
  @Test func theDefaultIsTheCapitalAndEnterTakesIt() async {
    let asked = Submissions(ConfirmPrompt("Create the project?", id: "create", default: true))
    let harness = asked.harness
    expectSnapshot(harness, named: "default-yes")
    expectScreen(harness, ["? Create the project? (Y/n)"])
    #expect(harness.cursor == Point(x: 28, y: 0))
    harness.press(.enter)
    #expect(asked.values == [true])
    await harness.finish()
  }

  @Test func yAndNAnswerWhateverTheDefault() async {
    let no = Submissions(ConfirmPrompt("Delete it?", id: "delete", default: false))
    expectScreen(no.harness, ["? Delete it? (y/N)"])
    no.harness.press("y")
    #expect(no.values == [true])
    let yes = Submissions(ConfirmPrompt("Keep it?", id: "keep", default: true))
    yes.harness.press("N")
    #expect(yes.values == [false])
    await no.harness.finish()
    await yes.harness.finish()
  }

  @Test func withoutADefaultEnterDoesNothing() async {
    let asked = Submissions(ConfirmPrompt("Sure?", id: "sure"))
    expectScreen(asked.harness, ["? Sure? (y/n)"])
    asked.harness.press(.enter)
    asked.harness.press("x")
    #expect(asked.values.isEmpty)
    asked.harness.press("n")
    #expect(asked.values == [false])
    await asked.harness.finish()
  }

  @Test func withoutColourTheQuestionKeepsItsAttributes() async {
    let asked = Submissions(
      ConfirmPrompt("Create the project?", id: "create", default: true),
      theme: PromptTheme.standard.withoutColor())
    expectSnapshot(asked.harness, named: "no-color")
    #expect(asked.harness.style(x: 0, y: 0) == Style(attributes: .bold))
    await asked.harness.finish()
  }

  @Test func environmentAnswersAreWords() throws {
    let prompt = ConfirmPrompt("Sure?", id: "sure")
    for yes in ["y", "YES", "true", "1"] { #expect(try prompt.answer(from: yes) == true) }
    for no in ["n", "No", "FALSE", "0"] { #expect(try prompt.answer(from: no) == false) }
    #expect(throws: PromptRejection("answer yes or no")) { try prompt.answer(from: "maybe") }
  }
}

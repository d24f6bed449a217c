import ScreenKit
import ScreenKitPrompts
import ScreenKitTesting
import Testing

/// A line of text and a secret as they are drawn, checked and answered on the terminal.
@MainActor
@Suite struct TextPromptTests {
  static let name = TextPrompt(
    "Project name?", id: "name", default: "my-tool", placeholder: "lowercase",
    validate: { $0.contains(" ") ? "no spaces" : nil })

  @Test func theEmptyFieldShowsTheDefaultAndThePlaceholder() async {
    let asked = Submissions(Self.name)
    expectSnapshot(asked.harness, named: "empty")
    expectScreen(asked.harness, ["? Project name? (my-tool) lowercase", ""])
    #expect(asked.harness.cursor == Point(x: 26, y: 0))
    asked.harness.press(.enter)
    #expect(asked.values == ["my-tool"])
    await asked.harness.finish()
  }

  @Test func aTextNotTakenShowsItsMessageUnderTheFieldUntilTheNextEdit() async {
    let asked = Submissions(Self.name)
    asked.harness.type("my tool")
    asked.harness.press(.enter)
    #expect(asked.values.isEmpty)
    expectSnapshot(asked.harness, named: "rejected")
    expectScreen(asked.harness, ["? Project name? (my-tool) my tool", "✘ no spaces"])
    asked.harness.press(.backspace, .backspace, .backspace, .backspace, .backspace)
    expectScreen(asked.harness, ["? Project name? (my-tool) my", ""])
    asked.harness.type("-tool")
    asked.harness.press(.enter)
    #expect(asked.values == ["my-tool"])
    await asked.harness.finish()
  }

  @Test func anAnswerFromTheEnvironmentIsCheckedToo() throws {
    #expect(throws: PromptRejection("no spaces")) { try Self.name.answer(from: "a b") }
    #expect(try Self.name.answer(from: "ab") == "ab")
  }

  @Test func aSecretIsMaskedAndItsAnswerLineHidesIt() async {
    let prompt = SecretPrompt("Token?", id: "token")
    let asked = Submissions(prompt)
    asked.harness.type("hunter2")
    expectSnapshot(asked.harness, named: "secret")
    expectScreen(asked.harness, ["? Token? •••••••", ""])
    #expect(!asked.harness.contains("hunter2"))
    asked.harness.press(.enter)
    #expect(asked.values == ["hunter2"])
    #expect(prompt.answerLine(for: "hunter2", symbols: .standard) == "✔ Token? (hidden)")
    await asked.harness.finish()
  }

  @Test func anEmptySecretIsNotTaken() async {
    let asked = Submissions(SecretPrompt("Token?", id: "token"))
    asked.harness.press(.enter)
    #expect(asked.values.isEmpty)
    expectScreen(asked.harness, ["? Token?", "✘ must not be empty"])
    await asked.harness.finish()
  }

  @Test func theMaskIsTheTheme() async {
    let theme = PromptTheme(symbols: .plain)
    let asked = Submissions(SecretPrompt("Token?", id: "token"), theme: theme)
    asked.harness.type("abc")
    expectScreen(asked.harness, ["? Token? ***", ""])
    await asked.harness.finish()
  }
}

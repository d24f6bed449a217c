import ScreenKit
import ScreenKitPrompts
import ScreenKitTesting
import Testing

/// What each prompt says it is in the accessible mode (`SCREENKIT_ACCESSIBLE=1`), which the
/// prompts' session honours as any `CursesApplication`: the question, the choice pointed at
/// and its state, never a glyph of the drawing.
@MainActor
@Suite struct PromptSemanticsTests {
  private func focused(_ harness: ScreenHarness) throws -> Semantics {
    try #require(harness.stage.focusedScreen?.effectiveSemantics)
  }

  @Test func aSelectIsTheQuestionAndThePointedChoice() async throws {
    let asked = Submissions(SelectPromptTests.languages)
    var said = try focused(asked.harness)
    #expect(said.role == .list)
    #expect(said.label == "Language?")
    #expect(said.item == Semantics.Item(index: 1, count: 4, label: "Rust"))
    asked.harness.press(.up)
    said = try focused(asked.harness)
    #expect(said.item == Semantics.Item(index: 0, count: 4, label: "Swift"))
    asked.harness.type("rt")
    said = try focused(asked.harness)
    #expect(said.value == "filter rt")
    #expect(said.item == Semantics.Item(index: 0, count: 1, label: "Rust"))
    await asked.harness.finish()
  }

  @Test func aMultipleSelectSaysWhetherThePointedChoiceIsChecked() async throws {
    let asked = Submissions(MultiSelectPromptTests.features, width: 44)
    let said = try focused(asked.harness)
    #expect(said.item?.label == "Tests")
    #expect(said.item?.states == [.checked])
    asked.harness.press(.down)
    #expect(try focused(asked.harness).item?.states == [.unchecked])
    await asked.harness.finish()
  }

  @Test func aConfirmIsAYesOrNoButton() async throws {
    let asked = Submissions(ConfirmPrompt("Create the project?", id: "create", default: true))
    let said = try focused(asked.harness)
    #expect(said.role == .button)
    #expect(said.label == "Create the project?")
    #expect(said.value == "(Y/n)")
    #expect(said.hints == [KeyHint("y", "yes"), KeyHint("n", "no")])
    await asked.harness.finish()
  }

  @Test func aSecretSaysItsLengthUnderItsQuestion() async throws {
    let asked = Submissions(SecretPrompt("Token?", id: "token"))
    asked.harness.type("abc")
    let said = try focused(asked.harness)
    #expect(said.role == .field)
    #expect(said.value == "hidden, 3 characters")
    #expect(asked.harness.stage.focusedScreen?.parent?.title == "Token?")
    await asked.harness.finish()
  }
}

import ScreenKit
import ScreenKitTesting
import Testing

@testable import ScreenKitPrompts

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

  @Test func aTableIsItsTitleAndThePointedRowCalledByItsFirstColumnOfWords() async throws {
    let pages = LiveTableTests.Pages()
    let table = LiveTableTests.Table(source: LiveTableTests().paged(pages))
    await table.harness.settle()
    var said = try focused(table.harness)
    #expect(said.role == .list)
    #expect(said.label == "Packages")
    #expect(said.item == Semantics.Item(index: 0, count: 1_000_000, label: "loading"))
    pages.loader.answerImmediately(with: .success(true))
    pages.loader.resolve(true)
    await table.harness.advance(by: .milliseconds(100))
    said = try focused(table.harness)
    #expect(
      said.item
        == Semantics.Item(index: 0, count: 1_000_000, label: "row 1", detail: "#: 1, Name: row 1"))
    table.harness.press(.down)
    #expect(try focused(table.harness).item?.label == "row 2")
    #expect(said.hints.map(\.description) == ["Enter choose", "q quit"])
    await table.harness.finish()
  }

  @Test func aTaskGroupIsItsProgressInStepsOfTenPercent() async {
    let group = TaskGroupTests.Group()
    let ids = (1...8).map { group.start("task \($0)") }
    await group.advance(by: .milliseconds(100))
    let root = group.harness.stage.root
    #expect(group.harness.stage.focusedScreen == nil, "nothing takes keys: the root says it")
    #expect(
      root.effectiveSemantics
        == Semantics(role: .progress, label: "Installing", value: "0 %", states: [.busy]))
    for id in ids.prefix(3) { group.state.finish(id, error: nil) }
    await group.advance(by: .milliseconds(100))
    #expect(root.effectiveSemantics?.value == "30 %", "3 of 8 is 37 %, said as 30")
    await group.harness.finish()
  }
}

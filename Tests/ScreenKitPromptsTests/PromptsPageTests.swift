import ScreenKitPrompts
import Testing

/// docs/prompts.md's example: four questions, answered where nobody can be asked.
@MainActor
@Suite struct PromptsPageTests {
  /// The page's block, as a tool's `run()` would hold it.
  private func newProject(_ prompts: Prompts) async throws -> (String, String, String, Bool) {
    // snippet: prompts-page
    let name = try await prompts.text(
      "Project name?", id: "name", default: "my-tool", placeholder: "lowercase",
      validate: { $0.contains(" ") ? "no spaces" : nil })
    let language = try await prompts.select(
      "Language?", id: "language",
      choices: [Choice("Swift"), Choice("Rust"), Choice("Go", disabled: "not installed")])
    let token = try await prompts.secret("Registry token?", id: "token")
    let create = try await prompts.confirm("Create \(name)?", id: "create", default: true)
    // end-snippet
    return (name, language, token, create)
  }

  @Test func theDefaultsAndTheEnvironmentAnswerAndEachLeavesALine() async throws {
    let world = NonInteractiveTests.World(["MYTOOL_LANGUAGE": "rust", "MYTOOL_TOKEN": "s3cret"])
    let answers = try await newProject(
      Prompts(variablePrefix: "mytool", environment: world.environment))
    #expect(answers == ("my-tool", "Rust", "s3cret", true))
    #expect(
      world.written == [
        "✔ Project name? my-tool", "✔ Language? Rust", "✔ Registry token? (hidden)",
        "✔ Create my-tool? yes",
      ])
  }

  @Test func aDisabledChoiceIsNoAnswer() async throws {
    let world = NonInteractiveTests.World(["MYTOOL_LANGUAGE": "go", "MYTOOL_TOKEN": "s3cret"])
    await #expect(
      throws: PromptError.invalidAnswer(
        question: "Language?", variable: "MYTOOL_LANGUAGE", answer: "go",
        message: "Go cannot be chosen (not installed)")
    ) {
      _ = try await newProject(Prompts(variablePrefix: "mytool", environment: world.environment))
    }
  }
}

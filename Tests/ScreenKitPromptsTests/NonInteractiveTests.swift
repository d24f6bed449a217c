import Locking
import ScreenKit
import ScreenKitPrompts
import Testing

/// The one convention for answers given without the terminal, and what happens when nobody
/// can be asked: never a screen, a default taken and its line printed, or one line of error.
@MainActor
@Suite struct NonInteractiveTests {
  /// An environment of `variables`, where nobody can be asked unless `interactive`; the lines
  /// it writes are kept.
  final class World: Sendable {
    let lines = Locked<[String]>([])
    let asked = Locked(0)
    let environment: PromptEnvironment

    init(_ variables: [String: String] = [:], interactive: Bool = false) {
      let lines = lines
      let asked = asked
      environment = PromptEnvironment(
        value: { variables[$0] },
        interactivity: {
          asked.withLock { $0 += 1 }
          return interactive
            ? .interactive : .notInteractive(reason: "standard input is not a terminal")
        },
        writeLine: { line in lines.withLock { $0.append(line) } })
    }

    var written: [String] { lines.withLock { $0 } }
  }

  @Test func theVariableIsThePrefixAndTheIdInCapitals() {
    let prompts = Prompts(variablePrefix: "my-tool", environment: World().environment)
    #expect(prompts.variableName(for: "name") == "MY_TOOL_NAME")
    #expect(prompts.variableName(for: "dry-run") == "MY_TOOL_DRY_RUN")
    #expect(prompts.variableName(for: "ünïcode 2") == "MY_TOOL__N_CODE_2")
  }

  @Test func aDefaultIsTakenAndItsLineWritten() async throws {
    let world = World()
    let prompts = Prompts(variablePrefix: "TOOL", environment: world.environment)
    #expect(try await prompts.confirm("Create it?", id: "create", default: true))
    #expect(try await prompts.text("Name?", id: "name", default: "demo") == "demo")
    #expect(world.written == ["✔ Create it? yes", "✔ Name? demo"])
  }

  @Test func withoutADefaultTheErrorNamesTheVariable() async {
    let world = World()
    let prompts = Prompts(variablePrefix: "TOOL", environment: world.environment)
    await #expect(
      throws: PromptError.unanswered(
        question: "Token?", variable: "TOOL_TOKEN", format: "secret",
        reason: "standard input is not a terminal")
    ) { try await prompts.secret("Token?", id: "token") }
    let error = PromptError.unanswered(
      question: "Token?", variable: "TOOL_TOKEN", format: "secret",
      reason: "standard input is not a terminal")
    #expect(
      error.description
        == "\"Token?\" cannot be asked (standard input is not a terminal) and has no default: set TOOL_TOKEN=<secret>"
    )
    #expect(!error.description.contains("\n"))
    #expect(PromptError.exitCode == 1)
    #expect(world.written.isEmpty)
  }

  @Test func theEnvironmentAnswersEvenOnATerminal() async throws {
    let world = World(["TOOL_LANGUAGE": "rust", "TOOL_TOKEN": "hunter2"], interactive: true)
    let prompts = Prompts(variablePrefix: "TOOL", environment: world.environment)
    let language = try await prompts.select(
      "Language?", id: "language",
      choices: [Choice("Swift", name: "swift"), Choice("Rust", name: "rust")])
    #expect(language == "Rust")
    #expect(try await prompts.secret("Token?", id: "token") == "hunter2")
    #expect(world.written == ["✔ Language? Rust", "✔ Token? (hidden)"])
    #expect(world.asked.withLock { $0 } == 0)
  }

  @Test func answersGivenByTheProgramComeFirst() async throws {
    let world = World(["TOOL_NAME": "from-environment"])
    let prompts = Prompts(
      variablePrefix: "TOOL", answers: ["name": "from-flag"], environment: world.environment)
    #expect(try await prompts.text("Name?", id: "name") == "from-flag")
  }

  @Test func anAnswerNotTakenIsOneLineAndASecretIsNeverQuoted() async {
    let world = World(["TOOL_CREATE": "maybe", "TOOL_TOKEN": ""])
    let prompts = Prompts(variablePrefix: "TOOL", environment: world.environment)
    await #expect(
      throws: PromptError.invalidAnswer(
        question: "Create?", variable: "TOOL_CREATE", answer: "maybe", message: "answer yes or no")
    ) { try await prompts.confirm("Create?", id: "create", default: true) }
    #expect(
      PromptError.invalidAnswer(
        question: "Create?", variable: "TOOL_CREATE", answer: "maybe", message: "answer yes or no"
      ).description == "TOOL_CREATE=\"maybe\" does not answer \"Create?\": answer yes or no")
    let secretWorld = World(["TOOL_TOKEN": "short"])
    let strict = Prompts(variablePrefix: "TOOL", environment: secretWorld.environment)
    do {
      _ = try await strict.secret("Token?", id: "token") { $0.count < 8 ? "too short" : nil }
      Issue.record("a short token was taken")
    } catch {
      #expect(error.description == "TOOL_TOKEN does not answer \"Token?\": too short")
      #expect(!error.description.contains("short\""))
    }
  }

  @Test func noColorTakesTheColoursAndKeepsTheAttributes() {
    let plain = Prompts(environment: World(["NO_COLOR": "1"]).environment)
    #expect(plain.effectiveTheme == PromptTheme.standard.withoutColor())
    #expect(plain.effectiveTheme.pointed == Style(attributes: .bold))
    let empty = Prompts(environment: World(["NO_COLOR": ""]).environment)
    #expect(empty.effectiveTheme == .standard)
  }
}

/// A prompt asked while another terminal session is open says so in one line.
@MainActor
@Test func aPromptAskedDuringAnotherSessionSaysSo() {
  let error = PromptError.terminalFailed(
    question: "Name?", reason: "a terminal session is already open")
  #expect(error.description == "\"Name?\" cannot be asked: a terminal session is already open")
}

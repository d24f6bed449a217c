import Locking
import ScreenKit
import ScreenKitPrompts
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// Choices that load, and choices a search answers as the user types.
@MainActor
@Suite struct LoadingSelectPromptTests {
  struct Unreachable: Error, CustomStringConvertible {
    var description: String { "the registry is unreachable" }
  }

  nonisolated static let languages = ["Swift", "Rust", "Go", "Zig"]

  @Test func theSpinnerShowsUntilTheChoicesComeAndAFailureRetries() async {
    let loader = FakeLoader<[Choice<String>]>()
    let prompt = LoadingSelectPrompt("Language?", id: "language", pageSize: 4) {
      try await loader.load()
    }
    let asked = Submissions(prompt)
    let harness = asked.harness
    await harness.advance(by: .milliseconds(200))
    #expect(harness.lines.first?.contains(" Language?") == true)
    expectSnapshot(harness, named: "loading")
    loader.reject(Unreachable())
    // NB: the spinner stays its minimum time before the error replaces it.
    await harness.advance(by: .milliseconds(500))
    #expect(harness.contains("the registry is unreachable"))
    expectSnapshot(harness, named: "failed")
    harness.press("r")
    await harness.settle()
    #expect(loader.callCount == 2)
    loader.resolve(Self.languages.map { Choice($0) })
    await harness.advance(by: .milliseconds(500))
    expectScreen(harness, ["? Language? type to filter", "› Swift", "  Rust", "  Go", "  Zig", ""])
    harness.type("zi")
    harness.press(.enter)
    #expect(asked.values == ["Zig"])
    await harness.finish()
  }

  @Test func anAnswerFromTheEnvironmentLoadsTheChoices() async throws {
    let prompt = LoadingSelectPrompt<String>("Language?", id: "language") {
      Self.languages.map { Choice($0, name: $0.lowercased()) }
    }
    #expect(try await prompt.answer(from: "go") == "Go")
    await #expect(throws: PromptRejection("answer one of swift|rust|go|zig")) {
      try await prompt.answer(from: "cobol")
    }
  }

  /// A search over ``languages`` that answers after `latency` on `clock`, counting its calls.
  final class Server: Sendable {
    let clock: VirtualClock
    let latency: Duration
    let queries = Locked<[String]>([])

    init(clock: VirtualClock, latency: Duration) {
      self.clock = clock
      self.latency = latency
    }

    func search(_ query: String) async throws -> [Choice<String>] {
      queries.withLock { $0.append(query) }
      try await clock.sleep(for: latency)
      return LoadingSelectPromptTests.languages
        .filter { query.isEmpty || $0.lowercased().contains(query.lowercased()) }
        .map { Choice($0) }
    }
  }

  @Test func aSearchFollowsTheQueryAndEnterWaitsForItsAnswer() async {
    var submitted: [String] = []
    let harness = ScreenHarness(root: Screen(), size: Size(width: 40, height: 6))
    let server = Server(clock: harness.clock, latency: .milliseconds(300))
    let prompt = SearchSelectPrompt(
      "Language?", id: "language", debounce: .milliseconds(100), pageSize: 4
    ) {
      try await server.search($0)
    }
    let screen = prompt.makeScreen(theme: .standard) { submitted.append($0) }
    var environment = EnvironmentValues()
    environment.presentation = .inline(height: 6, exit: .clear)
    let asked = ScreenHarness(
      root: screen, size: Size(width: 40, height: 6), environment: environment,
      sharingTimeWith: harness)
    await asked.advance(by: .milliseconds(200))
    expectSnapshot(asked, named: "searching")
    #expect(asked.contains("Searching…"))
    // The spinner stays its minimum time, then the rows come.
    await asked.advance(by: .milliseconds(600))
    expectScreen(asked, ["? Language? type to filter", "› Swift", "  Rust", "  Go", "  Zig", ""])
    asked.type("r")
    await asked.advance(by: .milliseconds(50))
    asked.type("u")
    // The old rows stay, dimmed, while the query's answer is on its way; Enter waits for it.
    await asked.advance(by: .milliseconds(150))
    expectSnapshot(asked, named: "stale")
    #expect(asked.style(x: 2, y: 1).attributes.contains(.dim))
    asked.press(.enter)
    #expect(submitted.isEmpty)
    await asked.advance(by: .milliseconds(300))
    #expect(submitted == ["Rust"])
    #expect(server.queries.withLock { $0 } == ["", "ru"])
    await asked.finish()
    await harness.finish()
  }

  @Test func aFailedSearchSaysSoAndCtrlRSearchesAgain() async {
    let loader = FakeLoader<[Choice<String>]>()
    let prompt = SearchSelectPrompt<String>("Language?", id: "language", pageSize: 4) { _ in
      try await loader.load()
    }
    let asked = Submissions(prompt)
    await asked.harness.settle()
    loader.reject(Unreachable())
    await asked.harness.settle()
    expectSnapshot(asked.harness, named: "search-failed")
    #expect(asked.harness.contains("the search failed"))
    asked.harness.press(.control("r"))
    await asked.harness.settle()
    loader.resolve([Choice("Swift")])
    await asked.harness.settle()
    asked.harness.press(.enter)
    await asked.harness.settle()
    #expect(asked.values == ["Swift"])
    await asked.harness.finish()
  }
}

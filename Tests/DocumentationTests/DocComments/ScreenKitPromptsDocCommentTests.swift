// swift-format-ignore-file
import ScreenKitPrompts
import Testing

/// The examples of ScreenKitPrompts' doc comments, run.
@Suite struct ScreenKitPromptsDocCommentTests {
  @Test func aStreamingSelectIsAnsweredFromTheChoicesAsTheyCome() async throws {
    let names = AsyncStream<String> { feed in
      for name in ["Package.swift", "README.md", "Sources"] { feed.yield(name) }
      feed.finish()
    }
    // NB: answered as a flag would answer it: the test has no terminal to ask on.
    let prompts = Prompts(variablePrefix: "TOOL", answers: ["file": "readme.md"])
    // snippet: doc-streaming-select
    // `names`: any AsyncSequence of strings (a file's lines, a directory walk).
    let file = try await prompts.ask(
      StreamingSelectPrompt("File?", id: "file") {
        names.map { Choice($0) }
      })
    // end-snippet
    #expect(file == "README.md")
  }
}

import Locking
import ScreenKit
import ScreenKitPrompts
import ScreenKitTesting
import Testing

/// Choices that stream in while the select asks: shown as they come, filtered as they come,
/// the pointer kept, a failure said, the stream ended when the select goes.
@MainActor
@Suite struct StreamingSelectPromptTests {
  struct Unreachable: Error, CustomStringConvertible {
    var description: String { "the registry is unreachable" }
  }

  /// A select over `stream`, four rows a page, the title the value.
  static func prompt(
    _ stream: AsyncStream<Choice<String>>, default defaultAnswer: String? = nil
  ) -> StreamingSelectPrompt<String, AsyncStream<Choice<String>>> {
    StreamingSelectPrompt("Language?", id: "language", default: defaultAnswer, pageSize: 4) {
      stream
    }
  }

  @Test func theFirstRowShowsAsItComesAndTheRestAtTheNextFrame() async {
    let (stream, feed) = AsyncStream.makeStream(of: Choice<String>.self)
    let asked = Submissions(Self.prompt(stream))
    let harness = asked.harness
    await harness.settle()
    expectScreen(harness, ["? Language? type to filter", "", "", "", "", "loading…"])
    feed.yield(Choice("Swift"))
    await harness.settle()
    expectScreen(harness, ["? Language? type to filter", "› Swift", "", "", "", "loading…"])
    feed.yield(Choice("Rust"))
    feed.yield(Choice("Go"))
    await harness.settle()
    // NB: taken a frame at a time, not as each comes.
    #expect(!harness.contains("Rust"))
    await harness.advance(by: .milliseconds(50))
    expectScreen(
      harness, ["? Language? type to filter", "› Swift", "  Rust", "  Go", "", "loading…"])
    feed.finish()
    await harness.settle()
    expectScreen(harness, ["? Language? type to filter", "› Swift", "  Rust", "  Go", "", ""])
    harness.press(.down)
    harness.press(.enter)
    #expect(asked.values == ["Rust"])
    await harness.finish()
  }

  @Test func rowsArrivingUnderAFilterTakeTheirPlaceAndThePointerStaysOnItsRow() async {
    let (stream, feed) = AsyncStream.makeStream(of: Choice<String>.self)
    let asked = Submissions(Self.prompt(stream))
    let harness = asked.harness
    feed.yield(Choice("Swift"))
    feed.yield(Choice("Rust"))
    await harness.advance(by: .milliseconds(50))
    harness.type("s")
    harness.press(.down)
    expectScreen(harness, ["? Language? s", "  Swift", "› Rust", "", "", "loading…"])
    // A title that starts with s scores as Swift does, and comes after it; Go does not match.
    feed.yield(Choice("Go"))
    feed.yield(Choice("Scala"))
    await harness.advance(by: .milliseconds(50))
    expectScreen(
      harness, ["? Language? s", "  Swift", "  Scala", "› Rust", "", "3 of 4, loading…"])
    harness.press(.backspace)
    expectScreen(
      harness,
      ["? Language? type to filter", "› Swift", "  Rust", "  Go", "  Scala", "loading…"])
    feed.finish()
    await harness.settle()
    harness.press(.enter)
    #expect(asked.values == ["Swift"])
    await harness.finish()
  }

  @Test func thePointerGoesToTheDefaultWhenItComesUnlessAKeyCameFirst() async {
    let (stream, feed) = AsyncStream.makeStream(of: Choice<String>.self)
    let asked = Submissions(Self.prompt(stream, default: "Go"))
    feed.yield(Choice("Swift"))
    await asked.harness.settle()
    feed.yield(Choice("Rust"))
    feed.yield(Choice("Go"))
    await asked.harness.advance(by: .milliseconds(50))
    expectScreen(
      asked.harness, ["? Language? type to filter", "  Swift", "  Rust", "› Go", "", "loading…"])
    feed.finish()

    let (later, laterFeed) = AsyncStream.makeStream(of: Choice<String>.self)
    let moved = Submissions(Self.prompt(later, default: "Go"))
    laterFeed.yield(Choice("Swift"))
    laterFeed.yield(Choice("Rust"))
    await moved.harness.settle()
    moved.harness.press(.down)
    laterFeed.yield(Choice("Go"))
    laterFeed.finish()
    await moved.harness.advance(by: .milliseconds(50))
    expectScreen(
      moved.harness, ["? Language? type to filter", "  Swift", "› Rust", "  Go", "", ""])
    await asked.harness.finish()
    await moved.harness.finish()
  }

  @Test func aStreamThatFailsKeepsItsRowsAndSaysWhyTheRestDidNotCome() async {
    let (stream, feed) = AsyncThrowingStream.makeStream(of: Choice<String>.self)
    let asked = Submissions(
      StreamingSelectPrompt("Language?", id: "language", pageSize: 4) { stream })
    feed.yield(Choice("Swift"))
    feed.finish(throwing: Unreachable())
    await asked.harness.settle()
    expectScreen(
      asked.harness,
      [
        "? Language? type to filter", "› Swift", "", "", "",
        "the rest did not load: the registry is u",
      ])
    asked.harness.press(.enter)
    #expect(asked.values == ["Swift"])
    await asked.harness.finish()
  }

  @Test func theStreamEndsWhenTheSelectGoesAway() async {
    let ended = Locked(false)
    let (stream, feed) = AsyncStream.makeStream(of: Choice<String>.self)
    feed.onTermination = { _ in ended.withLock { $0 = true } }
    let container = Screen()
    let harness = ScreenHarness(root: container, size: Size(width: 40, height: 6))
    let select = Self.prompt(stream).makeScreen(theme: .standard) { _ in }
    container.addChild(select)
    feed.yield(Choice("Swift"))
    await harness.settle()
    #expect(!ended.withLock { $0 })
    select.removeFromParent()
    await harness.settle()
    #expect(ended.withLock { $0 })
    await harness.finish()
  }

  @Test func anAnswerFromTheEnvironmentReadsTheChoicesUntilItComes() async throws {
    let prompt = StreamingSelectPrompt<String, AsyncStream<Choice<String>>>(
      "Language?", id: "language"
    ) {
      AsyncStream { feed in
        for name in ["Swift", "Rust", "Go", "Zig", "C", "Ada", "Lua", "Nim"] {
          feed.yield(Choice(name, name: name.lowercased()))
        }
        feed.finish()
      }
    }
    #expect(try await prompt.answer(from: "GO") == "Go")
    await #expect(throws: PromptRejection("answer one of swift|rust|go|zig|c|ada|…")) {
      try await prompt.answer(from: "cobol")
    }
  }
}

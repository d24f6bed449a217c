import Locking
import ScreenKit
import ScreenKitLoading
import ScreenKitTesting
import Testing

@testable import ScreenKitPrompts

/// A live table's states: pages loading, loaded, scrolled, failed and retried; snapshots that
/// change under the pointer; what it leaves in the scrollback; its answers without a terminal.
@MainActor
@Suite struct LiveTableTests {
  struct Item: Identifiable, Sendable, Equatable {
    var id: Int
    var name: String
  }

  struct Offline: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  nonisolated static let columns = [
    TableColumn<Item>("#", alignment: .trailing) { "\($0.id)" },
    TableColumn<Item>("Name") { $0.name },
  ]

  /// A table's screen in a harness, what it printed and how it ended.
  @MainActor
  final class Table {
    let harness: ScreenHarness
    private let box = Box()

    init(source: LiveTableScreen<Item>.Source, visibleRows: Int = 4, width: Int = 40) {
      let box = box
      let screen = LiveTableScreen(
        title: "Packages", columns: LiveTableTests.columns, theme: .standard, source: source,
        print: { runs in box.printed.append(runs.map(\.text).joined()) },
        finish: { box.ended.append($0) })
      let height = visibleRows + LiveTableScreen<Item>.chromeRows
      var environment = EnvironmentValues()
      environment.presentation = .inline(height: height, exit: .clear)
      harness = ScreenHarness(
        root: screen, size: Size(width: width, height: height), environment: environment)
    }

    var printed: [String] { box.printed }
    var ended: [Item?] { box.ended }
  }

  @MainActor
  final class Box {
    var printed: [String] = []
    var ended: [Item?] = []
  }

  /// A million rows by index; records each range asked for.
  final class Pages: Sendable {
    let asked = Locked<[Range<Int>]>([])
    let loader = FakeLoader<Bool>()

    /// Answers at once unless `pending`, then waits for the loader (`true` to answer).
    func load(_ range: Range<Int>) async throws -> [Item] {
      asked.withLock { $0.append(range) }
      _ = try await loader.load()
      return range.map { Item(id: $0 + 1, name: "row \($0 + 1)") }
    }
  }

  func paged(_ pages: Pages, pageSize: Int = 10) -> LiveTableScreen<Item>.Source {
    .pages(
      count: 1_000_000, pageSize: pageSize, cache: LoadCache(countLimit: 8),
      load: { try await pages.load($0) })
  }

  @Test func aPagedTableLoadsOnlyThePagesOnScreen() async {
    let pages = Pages()
    let table = Table(source: paged(pages))
    await table.harness.settle()
    #expect(table.harness.contains("loading rows 1-10"))
    expectSnapshot(table.harness, named: "loading-page")
    pages.loader.resolve(true)
    pages.loader.answerImmediately(with: .success(true))
    await table.harness.advance(by: .milliseconds(100))
    expectSnapshot(table.harness, named: "loaded")
    #expect(table.harness.lines[2].hasPrefix("› 1  row 1 "))
    #expect(table.harness.focus == Point(x: 0, y: 2), "the cursor rests on the pointer")
    table.harness.press(.end)
    await table.harness.advance(by: .milliseconds(100))
    #expect(table.harness.lines[5].hasPrefix("› 1000000  row 1000000"))
    #expect(table.harness.focus == Point(x: 0, y: 5))
    #expect(table.harness.contains("1000000 of 1000000"))
    expectSnapshot(table.harness, named: "scrolled")
    table.harness.press(.home)
    table.harness.press(.pageDown)
    table.harness.press(.pageDown)
    table.harness.press(.pageDown)
    table.harness.press(.pageDown)
    await table.harness.advance(by: .milliseconds(100))
    // NB: the first page, the last, and the second as PgDn reached row 13.
    #expect(pages.asked.withLock { $0 } == [0..<10, 999_990..<1_000_000, 10..<20])
    table.harness.press("q")
    #expect(table.ended.count == 1)
    #expect(table.ended.first == .some(nil))
    await table.harness.finish()
  }

  @Test func aPageThatFailsSaysSoAndRRetriesIt() async {
    let pages = Pages()
    let table = Table(source: paged(pages))
    await table.harness.settle()
    pages.loader.reject(Offline())
    await table.harness.advance(by: .milliseconds(100))
    #expect(table.harness.lines[2].hasPrefix("  ✘ rows 1-10 did not load: offline"))
    expectSnapshot(table.harness, named: "page-failed")
    // NB: a failed page is not loaded again on every frame.
    await table.harness.advance(by: .milliseconds(500))
    #expect(pages.asked.withLock { $0.count } == 1)
    pages.loader.answerImmediately(with: .success(true))
    table.harness.press("r")
    await table.harness.advance(by: .milliseconds(100))
    #expect(pages.asked.withLock { $0.count } == 2)
    #expect(table.harness.lines[2].hasPrefix("› 1  row 1 "))
    table.harness.press(.down)
    table.harness.press(.enter)
    #expect(table.ended.first??.name == "row 2")
    // NB: the rows on screen stay in the scrollback, plain.
    #expect(table.printed == ["#  Name", "1  row 1", "2  row 2", "3  row 3", "4  row 4"])
    await table.harness.finish()
  }

  @Test func thePointerStaysOnItsRowAsSnapshotsChange() async {
    let (stream, continuation) = AsyncStream.makeStream(of: [Item].self)
    let source = LiveTableScreen<Item>.Source.snapshots(
      identity: { AnyHashable($0.id) },
      subscribe: { receive, _ in
        Task { @MainActor in
          for await rows in stream { receive(rows) }
        }
      })
    let table = Table(source: source)
    await table.harness.settle()
    #expect(table.harness.contains("loading rows"))
    continuation.yield([Item(id: 1, name: "swift-log"), Item(id: 2, name: "swift-nio")])
    await table.harness.settle()
    table.harness.press("j")
    await table.harness.settle()
    #expect(table.harness.lines[3].hasPrefix("› 2  swift-nio "))
    continuation.yield([
      Item(id: 3, name: "swift-collections"), Item(id: 1, name: "swift-log"),
      Item(id: 2, name: "swift-nio"),
    ])
    await table.harness.settle()
    expectSnapshot(table.harness, named: "updated")
    #expect(table.harness.lines[4].hasPrefix("› 2  swift-nio "))
    #expect(table.harness.contains("3 of 3"))
    table.harness.press(.enter)
    #expect(table.ended.first??.id == 2)
    continuation.finish()
    await table.harness.finish()
  }

  @Test func withoutATerminalTheRowsArePlainLinesAndTheVariableChooses() async throws {
    let printed = Locked<[String]>([])
    func prompts(_ variables: [String: String]) -> Prompts {
      Prompts(
        variablePrefix: "tool",
        environment: PromptEnvironment(
          value: { variables[$0] },
          interactivity: { .notInteractive(reason: "standard input is not a terminal") },
          writeLine: { line in printed.withLock { $0.append(line) } }))
    }
    let pages = Pages()
    pages.loader.answerImmediately(with: .success(true))
    let none = try await prompts([:]).table(
      "Packages", id: "package", columns: Self.columns, count: 1_000_000, pageSize: 3
    ) { try await pages.load($0) }
    #expect(none == nil)
    #expect(printed.withLock { $0 } == ["#  Name", "1  row 1", "2  row 2", "3  row 3"])
    #expect(pages.asked.withLock { $0 } == [0..<3])
    let chosen = try await prompts(["TOOL_PACKAGE": "2"]).table(
      "Packages", id: "package", columns: Self.columns,
      rows: AsyncStream { $0.yield([Item(id: 1, name: "a"), Item(id: 2, name: "b")]) })
    #expect(chosen == Item(id: 2, name: "b"))
    await #expect(throws: PromptError.self) {
      try await prompts(["TOOL_PACKAGE": "9"]).table(
        "Packages", id: "package", columns: Self.columns,
        rows: AsyncStream { $0.yield([Item(id: 1, name: "a")]) })
    }
  }
}

import Locking
import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

@testable import ScreenKitPrompts

/// A group of tasks as its region draws it: rows running, the fold, a failure, the end.
@MainActor
@Suite struct TaskGroupTests {
  /// A group's state on a clock the test moves, its screen in a harness, and what it printed.
  @MainActor
  final class Group {
    let time = Locked(Duration.zero)
    let state: TaskGroupState
    let harness: ScreenHarness
    private let box: Box

    init(maximumRows: Int = 4, width: Int = 60, theme: PromptTheme = .standard) {
      let time = self.time
      state = TaskGroupState(now: { time.withLock { $0 } })
      let box = Box()
      self.box = box
      let screen = TaskGroupScreen(
        title: "Installing", state: state, theme: theme, maximumRows: maximumRows,
        print: { runs in box.printed.append(runs.map(\.text).joined()) },
        setHeight: { box.heights.append($0) }, finish: { box.results.append($0) })
      var environment = EnvironmentValues()
      environment.presentation = .inline(height: maximumRows, exit: .clear)
      harness = ScreenHarness(
        root: screen, size: Size(width: width, height: maximumRows), environment: environment)
    }

    var printed: [String] { box.printed }
    var heights: [Int] { box.heights }
    var results: [TaskGroupResult] { box.results }

    /// Adds and starts a task labelled `label`; returns its id.
    @discardableResult
    func start(_ label: String) -> Int {
      let id = state.add()
      state.start(id, label: label)
      return id
    }

    /// Moves both clocks on by `duration`, through the frames between.
    func advance(by duration: Duration) async {
      time.withLock { $0 += duration }
      await harness.advance(by: duration)
    }
  }

  @MainActor
  final class Box {
    var printed: [String] = []
    var heights: [Int] = []
    var results: [TaskGroupResult] = []
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String { "checksum mismatch" }
  }

  @Test func runningTasksShowTheirBarTimeAndDetail() async {
    let group = Group()
    let log = group.start("swift-log")
    group.start("swift-collections")
    await group.advance(by: .milliseconds(1_200))
    group.state.progress(log, fraction: 0.5, detail: "downloading")
    await group.advance(by: .milliseconds(100))
    expectSnapshot(group.harness, named: "running")
    #expect(
      group.harness.lines[0].hasPrefix(
        "⠸ swift-log         ██████████░░░░░░░░░░  50% 1.3s download"))
    #expect(group.harness.lines[1].hasPrefix("⠸ swift-collections 1.3s"))
    #expect(group.heights == [2])
    #expect(group.printed.isEmpty)
    await group.harness.finish()
  }

  /// Thousands of tasks, started, reported and finished in a shuffled order: the rows keep
  /// the order the tasks were added, each with its own progress, and each task that ended
  /// left the rows once.
  @Test func manyTasksReportedInAnyOrderKeepTheirRowsAndTheirOwnProgress() {
    let state = TaskGroupState(now: { .zero })
    let ids = (0..<3_000).map { _ in state.add() }
    var random = SeededRandom(seed: 7)
    for id in ids.shuffled(using: &random) { state.start(id, label: "task \(id)") }
    for id in ids.shuffled(using: &random) {
      state.progress(id, fraction: Double(id % 100) / 100, detail: "step \(id)")
    }
    let ended = Set(ids.shuffled(using: &random).prefix(1_000))
    for id in ended { state.finish(id, error: nil) }
    let frame = state.takeFrame()
    #expect(frame.running.map(\.id) == ids.filter { !ended.contains($0) })
    #expect(
      frame.running.allSatisfy { $0.label == "task \($0.id)" && $0.detail == "step \($0.id)" })
    #expect(frame.running.allSatisfy { $0.fraction == Double($0.id % 100) / 100 })
    #expect(frame.finished == 1_000)
    state.progress(ids[0], fraction: 1, detail: nil)
    state.finish(ids[0], error: nil)
    #expect(state.takeFrame().finished == (ended.contains(ids[0]) ? 1_000 : 1_001))
  }

  @Test func moreTasksThanRowsFoldIntoOne() async {
    let group = Group(maximumRows: 4)
    for index in 1...12 { group.start("package-\(index)") }
    await group.advance(by: .milliseconds(100))
    expectSnapshot(group.harness, named: "folded")
    #expect(group.harness.lines[3].hasPrefix("  and 9 more (0/12 done)"))
    #expect(group.heights == [4])
    await group.harness.finish()
  }

  @Test func aFailedTaskPrintsItsErrorAndTheResultNamesIt() async {
    let group = Group()
    let good = group.start("swift-log")
    let bad = group.start("swift-nio")
    group.state.log("resolving 2 packages")
    await group.advance(by: .milliseconds(300))
    group.state.finish(bad, error: Failure())
    await group.advance(by: .milliseconds(100))
    #expect(group.printed == ["resolving 2 packages", "✘ swift-nio 0.3s: checksum mismatch"])
    expectSnapshot(group.harness, named: "failure")
    group.state.finish(good, error: nil)
    group.state.markDone()
    await group.advance(by: .milliseconds(100))
    #expect(group.printed.last == "✔ swift-log 0.4s")
    #expect(group.results.count == 1)
    #expect(group.results.first?.failures.map(\.label) == ["swift-nio"])
    #expect(group.results.first?.succeeded == false)
    await group.harness.finish()
  }

  @Test func whenAllAreDoneTheLinesArePrintedInOrderAndTheRunEnds() async {
    let group = Group(maximumRows: 3)
    let ids = (1...5).map { group.start("task-\($0)") }
    await group.advance(by: .milliseconds(100))
    for id in ids.reversed() { group.state.finish(id, error: nil) }
    await group.advance(by: .milliseconds(100))
    expectSnapshot(group.harness, named: "all-done")
    #expect(group.harness.lines[0].hasPrefix("⠹ Installing 5/5"))
    #expect(group.results.isEmpty)
    group.state.markDone()
    await group.advance(by: .milliseconds(100))
    #expect(group.printed == (1...5).reversed().map { "✔ task-\($0) 0.1s" })
    #expect(group.results.first?.succeeded == true)
    #expect(group.results.first?.outcomes.count == 5)
    await group.harness.finish()
  }

  @Test func plainSymbolsAreWords() async {
    var theme = PromptTheme.standard.withoutColor()
    theme.symbols = .plain
    let group = Group(theme: theme)
    let id = group.start("docs")
    group.state.progress(id, fraction: 0.25, detail: nil)
    await group.advance(by: .milliseconds(100))
    #expect(group.harness.lines[0].hasPrefix("\\ docs #####...............  25% 0.1s"))
    group.state.finish(id, error: Failure())
    await group.advance(by: .milliseconds(100))
    #expect(group.printed == ["error: docs 0.1s: checksum mismatch"])
    #expect(group.harness.style(x: 0, y: 0) == Style(attributes: .bold))
    await group.harness.finish()
  }

  @Test func withoutATerminalEachFinishedTaskIsOnePlainLine() async throws {
    let written = Locked([String]())
    let environment = PromptEnvironment(
      value: { _ in nil },
      interactivity: { .notInteractive(reason: "standard output is not a terminal") },
      writeLine: { line in written.withLock { $0.append(line) } })
    let prompts = Prompts(variablePrefix: "tool", environment: environment)
    let result = try await prompts.tasks("Installing") { group in
      group.log("starting")
      for index in 1...20 {
        group.addTask("task-\(index)") { task in
          task.progress(0.5, "half")
          if index == 7 { throw Failure() }
          task.log("log of \(index)")
        }
      }
    }
    let lines = written.withLock { $0 }
    #expect(lines.first == "starting")
    #expect(lines.count == 1 + 20 + 19)
    #expect(lines.filter { $0.hasPrefix("✔ task-") }.count == 19)
    #expect(
      lines.filter { $0.hasPrefix("✘ task-7 ") && $0.hasSuffix(": checksum mismatch") }.count == 1)
    #expect(!lines.joined().contains("\u{1B}"))
    #expect(result.failures.map(\.label) == ["task-7"])
    #expect(result.outcomes.count == 20)
  }

  @Test func whatTheBodyThrowsIsThrown() async {
    let environment = PromptEnvironment(
      value: { _ in nil }, interactivity: { .notInteractive(reason: "CI is set") },
      writeLine: { _ in })
    let prompts = Prompts(variablePrefix: "tool", environment: environment)
    await #expect(throws: Failure.self) {
      _ = try await prompts.tasks("Installing") { group in
        group.addTask("waits") { _ in
          // NB: a stream nobody finishes: its loop ends only when the task is cancelled.
          let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
          for await _ in stream {}
          continuation.finish()
          try Task.checkCancellation()
        }
        throw Failure()
      }
    }
  }
}

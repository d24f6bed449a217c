import ScreenKit
import ScreenKitLoading
import ScreenKitTesting
import Testing

@MainActor
@Suite struct ScreenHarnessTests {
  @Test func expectScreenPassesOnMatchingLinesIgnoringTrailingSpaces() async {
    let harness = ScreenHarness(
      root: ProbeScreen("Root", text: "hello"), size: Size(width: 8, height: 2))
    expectScreen(harness, ["hello   ", ""])
    expectScreen(harness, ["hello"])
    await harness.finish()
  }

  @Test func expectScreenRecordsARowAndColumnDiff() async {
    let harness = ScreenHarness(
      root: ProbeScreen("Root", text: "hello"), size: Size(width: 8, height: 1))
    withKnownIssue {
      expectScreen(harness, ["help"])
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("row 0, from column 3") && text.contains("expected: \"help\"")
        && text.contains("actual:   \"hello\"")
    }
    await harness.finish()
  }

  @Test func expectChangedCellsRecordsTheRunsTheFrameChanged() async {
    let probe = ProbeScreen("Root", text: "hello")
    let harness = ScreenHarness(root: probe, size: Size(width: 8, height: 2))
    probe.text = "help!"
    harness.renderIfNeeded()
    expectChangedCells(harness, [Point(x: 3, y: 0), Point(x: 4, y: 0)])
    expectChangedRows(harness, [0])
    withKnownIssue {
      expectChangedCells(harness, [Point(x: 3, y: 0)])
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("row 0 columns 3..<5") && text.contains("expected: (3, 0)")
    }
    withKnownIssue {
      expectChangedRows(harness, [1])
    } matching: { issue in
      String(describing: issue).contains("expected rows: [1]")
    }
    await harness.finish()
  }

  @Test func screenTextTrimsTrailingSpaces() async {
    let harness = ScreenHarness(
      root: ProbeScreen("Root", text: "ab"), size: Size(width: 4, height: 2))
    #expect(harness.screenText == "ab\n")
    #expect(harness.lines == ["ab  ", "    "])
    await harness.finish()
  }

  @Test func finishReportsAPendingTimer() async {
    let harness = ScreenHarness(root: ProbeScreen("Root"))
    harness.stage.scheduler.schedule(after: .seconds(5)) {}
    #expect(harness.pendingWork == ["1 timer(s)"])
    await withKnownIssue {
      await harness.finish()
    } matching: { issue in
      String(describing: issue).contains("Left running after the test: 1 timer(s)")
    }
  }

  @Test func finishReportsATaskStillInFlight() async {
    let harness = ScreenHarness(root: ProbeScreen("Root"))
    harness.stage.scheduler.beginTask()
    await withKnownIssue {
      await harness.finish()
    } matching: { issue in
      String(describing: issue).contains("1 task(s) in flight")
    }
    harness.stage.scheduler.endTask()
  }

  @Test func finishReportsBrokenLifecycleOrder() async {
    let harness = ScreenHarness(root: ProbeScreen("Root"))
    harness.journal.record(LifecycleEvent("Ghost", .didAppear))
    await withKnownIssue {
      await harness.finish()
    } matching: { issue in
      String(describing: issue).contains("Ghost.didAppear while disappeared")
    }
  }

  @Test func settleRunsTaskJobsOnlyWhenAsked() async {
    let harness = ScreenHarness(root: ProbeScreen("Root"))
    let flag = Flag()
    Task.detached(executorPreference: harness.executor) {
      await flag.set()
    }
    #expect(harness.executor.hasJobs)
    #expect(!flag.value)
    await harness.settle()
    #expect(flag.value)
    await harness.finish()
  }

  @Test func advanceMovesTheVirtualClockExactly() async {
    let harness = ScreenHarness(root: ProbeScreen("Root"))
    await harness.advance(by: .milliseconds(1500))
    #expect(harness.now == .milliseconds(1500))
    #expect(harness.clock.now.offset == .milliseconds(1500))
    await harness.finish()
  }

  @Test func aScreenMadeWhereAFreedOneWasIsANewScreenToTheJournal() async {
    let navigation = NavigationScreen(root: ProbeScreen("List", focusable: true))
    let harness = ScreenHarness(root: navigation, size: Size(width: 20, height: 4))
    // Each popped screen is freed, and the next one is usually made in its memory.
    for _ in 1...5 {
      navigation.push(ProbeScreen("Detail"))
      harness.renderIfNeeded()
      navigation.pop()
      harness.renderIfNeeded()
    }
    #expect(harness.journal.violations == [])
    await harness.finish()
  }

  @Test func harnessesSharingTimeReadOneClockAndAdvanceTogether() async {
    let first = ScreenHarness(root: ProbeScreen("First"), size: Size(width: 12, height: 1))
    await first.advance(by: .seconds(10))
    let second = ScreenHarness(
      root: SpinnerScreen(), size: Size(width: 12, height: 1), sharingTimeWith: first)
    #expect(second.clock === first.clock)
    #expect(second.now == .seconds(10))
    #expect(second.stage.scheduler.clock.now == first.stage.scheduler.clock.now)
    // 10 s is frame 125 at 80 ms a frame: the dots' sixth glyph.
    expectScreen(second, [" ⠴ Loading…"])
    await first.advance(by: .milliseconds(80))
    expectScreen(second, [" ⠦ Loading…"])
    #expect(second.now == .milliseconds(10_080))
    await second.finish()
    await first.finish()
  }

  @Test func harnessesSharingTimeMeasureTheirCachesEntriesOnOneClock() async {
    // NB: the cache ages its entries on the clock it is given: the harnesses' shared one.
    let time = ScreenHarness(root: ProbeScreen("Time"), size: Size(width: 4, height: 1))
    let cache = LoadCache<String, String>(timeToLive: .seconds(300), clock: ScreenClock(time.clock))
    let loader = FakeLoader<String>()
    func detail() -> Screen {
      LoadingController(source: loader.source(.async), cache: cache.slot(for: "7")) {
        ProbeScreen("Detail", text: $0)
      }
    }
    let first = ScreenHarness(
      root: detail(), size: Size(width: 30, height: 2), sharingTimeWith: time)
    loader.resolve("cached")
    await first.settle()
    expectScreen(first, ["cached"])
    await first.advance(by: .seconds(301))
    let second = ScreenHarness(
      root: detail(), size: Size(width: 30, height: 2), sharingTimeWith: first)
    // Stored at 0 s, the entry expired at 300 s of the one clock: the second loads afresh.
    #expect(!second.contains("cached"))
    #expect(!second.contains("refreshing"))
    #expect(loader.callCount == 2)
    loader.resolve("fresh")
    await second.settle()
    expectScreen(second, ["fresh"])
    await second.finish()
    await first.finish()
    await time.finish()
  }

  @Test func advancingAnHourWithASpinnerOnScreenDrawsOnlyTheFrameItEndsOn() async {
    let harness = ScreenHarness(root: SpinnerScreen(), size: Size(width: 12, height: 1))
    let frames = harness.frameCount
    await harness.advance(by: .seconds(3600) + .milliseconds(250))
    // 3600.25 s is frame 45,003 at 80 ms a frame: the dots' fourth glyph.
    expectScreen(harness, [" ⠸ Loading…"])
    #expect(harness.frameCount == frames + 1)
    await harness.finish()
  }

  @Test func cellsAndStylesCanBeRead() async {
    let harness = ScreenHarness(root: StyledScreen(), size: Size(width: 3, height: 1))
    #expect(harness.cell(x: 0, y: 0).character == "B")
    #expect(harness.style(x: 0, y: 0) == .bold)
    #expect(harness.style(x: 1, y: 0) == .plain)
    await harness.finish()
  }
}

@MainActor
private final class Flag {
  var value = false
  func set() { value = true }
}

@MainActor
private final class StyledScreen: Screen {
  override func draw(in canvas: inout Canvas) {
    canvas.put("B", at: .zero, style: .bold)
  }
}

import Locking
import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

@MainActor
@Suite struct SchedulerTests {
  @Test func timersFireInDeadlineOrderWhenTheirTimeComes() async {
    let harness = ScreenHarness(root: ProbeScreen("Root"))
    var fired: [String] = []
    let scheduler = harness.stage.scheduler
    scheduler.schedule(after: .milliseconds(30)) { fired.append("c") }
    scheduler.schedule(after: .milliseconds(10)) { fired.append("a") }
    scheduler.schedule(after: .milliseconds(20)) { fired.append("b") }
    await harness.advance(by: .milliseconds(15))
    #expect(fired == ["a"])
    await harness.advance(by: .milliseconds(15))
    #expect(fired == ["a", "b", "c"])
    await harness.finish()
  }

  @Test func timersSeeTheClockAtTheirOwnDeadline() async {
    let harness = ScreenHarness(root: ProbeScreen("Root"))
    let scheduler = harness.stage.scheduler
    var seen: [Duration] = []
    scheduler.schedule(after: .milliseconds(100)) { seen.append(scheduler.clock.now) }
    scheduler.schedule(after: .milliseconds(250)) { seen.append(scheduler.clock.now) }
    await harness.advance(by: .seconds(1))
    #expect(seen == [.milliseconds(100), .milliseconds(250)])
    #expect(harness.now == .seconds(1))
    await harness.finish()
  }

  @Test func cancelledTimersNeverFire() async {
    let harness = ScreenHarness(root: ProbeScreen("Root"))
    var fired = false
    let timer = harness.stage.scheduler.schedule(after: .milliseconds(5)) { fired = true }
    harness.stage.scheduler.cancel(timer)
    await harness.advance(by: .seconds(1))
    #expect(!fired)
    #expect(harness.stage.scheduler.pendingTimerCount == 0)
    await harness.finish()
  }

  @Test func workPostedFromAnotherThreadRunsOnTheMainActorAtTheNextSettle() async {
    let harness = ScreenHarness(root: ProbeScreen("Root"))
    let scheduler = harness.stage.scheduler
    let recorder = Recorder()
    await Task.detached {
      scheduler.post { recorder.events.append("ran") }
    }.value
    #expect(recorder.events.isEmpty)
    #expect(scheduler.hasPostedWork)
    await harness.settle()
    #expect(recorder.events == ["ran"])
    await harness.finish()
  }

  @Test func postingWakesTheHostOnceUntilItRunsTheWork() async {
    let scheduler = Scheduler(clock: ScreenClock(VirtualClock()))
    let wakes = WakeCounter()
    scheduler.wakeHandler = { wakes.increment() }
    scheduler.post {}
    scheduler.post {}
    #expect(wakes.count == 1, "a host already woken takes both at its next run")
    #expect(scheduler.runDue() == 2)
    scheduler.post {}
    #expect(wakes.count == 2)
    #expect(scheduler.runDue() == 1)
  }

  // The inbox is contended here on purpose: a lock that hands itself over where the thread
  // sanitizer cannot see it fails this test under `--sanitize=thread`.
  @Test(.timeLimit(.minutes(1)))
  func workPostedFromManyThreadsWhileTheHostRunsItRunsOnceEachInOrder() async {
    let scheduler = Scheduler(clock: ScreenClock(VirtualClock()))
    let recorder = Recorder()
    let posters = 4
    let postsEach = 2_000
    let posting = Task.detached {
      await withTaskGroup(of: Void.self) { group in
        for poster in 0..<posters {
          group.addTask {
            for index in 0..<postsEach {
              scheduler.post { recorder.events.append("\(poster) \(index)") }
            }
          }
        }
      }
    }
    var ran = 0
    while ran < posters * postsEach {
      let count = scheduler.runDue()
      ran += count
      if count == 0 { await Task.yield() }
    }
    await posting.value
    #expect(scheduler.runDue() == 0)
    for poster in 0..<posters {
      let mine = recorder.events.filter { $0.hasPrefix("\(poster) ") }
      #expect(mine == (0..<postsEach).map { "\(poster) \($0)" })
    }
  }

  @Test func sleepersOnTheVirtualClockWakeInStepWithTimers() async {
    let harness = ScreenHarness(root: ProbeScreen("Root"))
    let clock = harness.clock
    let scheduler = harness.stage.scheduler
    let recorder = Recorder()
    scheduler.schedule(after: .milliseconds(50)) { recorder.events.append("timer 50") }
    scheduler.schedule(after: .milliseconds(150)) { recorder.events.append("timer 150") }
    scheduler.beginTask()
    Task.detached(executorPreference: harness.executor) {
      try? await clock.sleep(for: .milliseconds(100))
      scheduler.post {
        recorder.events.append("sleeper 100")
        scheduler.endTask()
      }
    }
    await harness.advance(by: .milliseconds(200))
    #expect(recorder.events == ["timer 50", "sleeper 100", "timer 150"])
    await harness.finish()
  }
}

private final class WakeCounter: Sendable {
  private let value = Locked(0)
  func increment() { value.withLock { $0 += 1 } }
  var count: Int { value.withLock { $0 } }
}

@MainActor
private final class Recorder {
  var events: [String] = []
}

import TerminalProcess
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The main thread's loops a program can run on (`CursesRunLoop` draining libdispatch's main
/// queue, libdispatch's main queue alone), each in the
/// test host on a pty: what a program relies on works the same on all of them.
@Suite struct RunLoopTests {
  static let runLoops = ["queue", "dispatch"]

  /// `Task { @MainActor in … }` with an `await` inside, and work posted to the scheduler from
  /// another thread, both run and draw without any further event.
  @Test(arguments: runLoops)
  func mainActorTasksAndPostedWorkRunAndDraw(runLoop: String) throws {
    let (terminal, child, before) = try TestHostLauncher.start(
      mode: "tasks", arguments: ["--run-loop=\(runLoop)"])
    defer { terminal.close() }
    terminal.type("m")
    #expect(terminal.eventuallyShows("TASK-DONE"), "the main-actor task never finished")
    terminal.type("p")
    #expect(terminal.eventuallyShows("POSTED-DONE"), "the posted work never ran")
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(try terminal.modes() == before)
    #expect(child.standardError().contains("deadline=none"))
  }

  /// Keys reach the screen in order and whole, and `q` ends the program normally.
  @Test(arguments: runLoops)
  func typedKeysReachTheScreen(runLoop: String) throws {
    let (terminal, child, _) = try TestHostLauncher.start(
      mode: "echo", arguments: ["--run-loop=\(runLoop)"])
    defer { terminal.close() }
    terminal.type("héllo")
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
    #expect(child.standardError().contains("received=5"))
  }

  /// Nothing wakes an idle program by itself: no deadline is armed, while a spinner's is.
  @Test(arguments: runLoops)
  func anIdleProgramArmsNoDeadline(runLoop: String) throws {
    for (mode, expected) in [("idle", "deadline=none"), ("spinner", "deadline=armed")] {
      let (terminal, child, _) = try TestHostLauncher.start(
        mode: mode, arguments: ["--run-loop=\(runLoop)"])
      defer { terminal.close() }
      terminal.type("x")
      terminal.type("q")
      #expect(child.waitForEnd() == .exited(0))
      #expect(child.standardError().contains(expected), "\(mode): \(child.standardError())")
    }
  }
}

/// Work on the default executor (a screen's loads) under each loop, and what it leaves behind.
@Suite struct DefaultExecutorTests {
  static let expectedLoad = "LOAD-DONE-sum-500500-order-10-60-110-detached-42-cancel-prompt"

  /// A load's sleeps, task groups and detached tasks run and end promptly, sleeps in the order
  /// of their deadlines, and a cancelled sleep returns at once.
  @Test(arguments: RunLoopTests.runLoops)
  func aLoadRunsPromptly(runLoop: String) throws {
    let (terminal, child, _) = try TestHostLauncher.start(
      mode: "tasks", arguments: ["--run-loop=\(runLoop)"])
    defer { terminal.close() }
    terminal.type("l")
    #expect(terminal.eventuallyShows(Self.expectedLoad), "the load never finished as it should")
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
  }

  /// The program's own tasks run under `CursesRunLoop.main` as on the toolchain's default
  /// executor: a task beside a blocking one starts at once, a `.high` task and a short sleep
  /// are not queued behind a background backlog, and a blocking hand-off between two tasks
  /// completes.
  ///
  /// NB: the bounds are far above the default executor's figures (under 10 ms each on an idle
  /// machine) and far below what an executor that queues behind blocked work gives (2 s, 1 s).
  @Test(arguments: RunLoopTests.runLoops)
  func theProgramsTasksRunAsOnTheDefaultExecutor(runLoop: String) throws {
    let (terminal, child, _) = try TestHostLauncher.start(
      mode: "tasks", arguments: ["--run-loop=\(runLoop)"])
    defer { terminal.close() }
    terminal.type("x")
    #expect(terminal.eventuallyShows("-END", timeout: .seconds(30)), "the probe never finished")
    let figures = Self.figures(in: terminal.writtenText)
    #expect(figures["handoff"] == "ok", "a blocking hand-off between two tasks: \(figures)")
    #expect(
      (Int(figures["beside"] ?? "") ?? .max) < 500, "a task beside a blocking one: \(figures)")
    #expect((Int(figures["high"] ?? "") ?? .max) < 500, "a .high task after a backlog: \(figures)")
    #expect((Int(figures["sleep"] ?? "") ?? .max) < 500, "a 10 ms sleep: \(figures)")
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
  }

  /// A program that starts a blocking save as it quits gets its terminal back at once: `run()`
  /// does not wait for a worker.
  @Test(arguments: RunLoopTests.runLoops)
  func quittingBesideABlockingTaskReturnsAtOnce(runLoop: String) throws {
    for _ in 0..<4 {
      let (terminal, child, before) = try TestHostLauncher.start(
        mode: "tasks", arguments: ["--run-loop=\(runLoop)"])
      defer { terminal.close() }
      terminal.type("w")
      #expect(child.waitForEnd() == .exited(0))
      #expect(try terminal.modes() == before)
      let late = child.standardError().split(separator: "\n")
        .first { $0.hasPrefix("quit-to-return-ms=") }?.dropFirst(18)
      #expect((late.flatMap { Int($0) } ?? .max) < 1000, "\(child.standardError())")
    }
  }

  /// The `-name-value` fields between `EXECUTOR` and `-END` in the host's output.
  private static func figures(in output: String) -> [String: String] {
    guard let start = output.firstRange(of: "EXECUTOR-"), let end = output.firstRange(of: "-END")
    else {
      return [:]
    }
    let fields = output[start.upperBound..<end.lowerBound].split(separator: "-")
    var figures: [String: String] = [:]
    for index in stride(from: 0, to: fields.count - 1, by: 2) {
      figures[String(fields[index])] = String(fields[index + 1])
    }
    return figures
  }

  /// An idle program wakes nothing but libdispatch's pool monitor, once a second after the
  /// first load, and before any load nothing at all: the main thread sleeps in one `poll`.
  ///
  /// NB: the monitor is the price of leaving the program's tasks on the toolchain's default
  /// executor (docs/decisions/2026-11-25-default-executor.md).
  @Test(arguments: RunLoopTests.runLoops)
  func anIdleProgramWakesOnlyThePoolMonitorAfterALoad(runLoop: String) throws {
    let (terminal, child, _) = try TestHostLauncher.start(
      mode: "tasks", arguments: ["--run-loop=\(runLoop)"])
    defer { terminal.close() }
    // NB: a sanitizer's own thread wakes every 100 ms.
    if !Sanitizer.isActive && runLoop == "queue" {
      let idle = quietestWindow(of: child)
      #expect(idle.all == 0, "voluntary switches in 2 s while idle before a load: \(idle)")
    }
    terminal.type("l")
    #expect(terminal.eventuallyShows(Self.expectedLoad), "the load never finished")
    if !Sanitizer.isActive {
      let idle = quietestWindow(of: child)
      if runLoop == "queue" {
        #expect(idle.main == 0, "the main thread woke while idle: \(idle)")
      }
      // NB: 2 s windows: the monitor wakes twice in one, three times at most on a busy machine.
      #expect(idle.all <= 3, "voluntary switches in 2 s while idle after a load: \(idle)")
    }
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
  }

  /// The voluntary switches of `child`'s main thread and of all its threads in the quietest of
  /// the 2 s windows within 8 s: the frame showing a result may still be ending in the first.
  private func quietestWindow(of child: ChildProcess) -> (main: Int, all: Int) {
    var quietest = (main: Int.max, all: Int.max)
    let deadline = ContinuousClock.now + .seconds(8)
    while ContinuousClock.now < deadline {
      let before = ProcFiles.threads(of: child.pid)
      _ = waitUntil(timeout: .seconds(2)) { false }
      let after = ProcFiles.threads(of: child.pid)
      var switches: [Int32: Int] = [:]
      for (thread, sample) in after {
        switches[thread] = sample.voluntarySwitches - (before[thread]?.voluntarySwitches ?? 0)
      }
      let window = (main: switches[child.pid] ?? 0, all: switches.values.reduce(0, +))
      if window.all < quietest.all { quietest = window }
      if window.all <= 2 && window.main == 0 { break }
    }
    return quietest
  }
}

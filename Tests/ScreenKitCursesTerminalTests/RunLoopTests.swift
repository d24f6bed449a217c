import TerminalProcess
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The main thread's loops a program can run on (`CursesRunLoop` as the main executor, the
/// same loop draining libdispatch's main queue, libdispatch's main queue alone), each in the
/// test host on a pty: what a program relies on works the same on all of them.
@Suite struct RunLoopTests {
  static let runLoops = ["loop", "queue", "dispatch"]

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

  /// After a load, a program run by `CursesRunLoop.main` wakes none of its threads while idle:
  /// no thread of the default executor watches itself on a timer.
  ///
  /// NB: not under `dispatch` (an `async` `main`, as on macOS), whose libdispatch pool keeps a
  /// once-a-second monitor after its first job.
  @Test(arguments: ["loop", "queue"])
  func anIdleProgramMakesNoWakeUpsAfterALoad(runLoop: String) throws {
    let (terminal, child, _) = try TestHostLauncher.start(
      mode: "tasks", arguments: ["--run-loop=\(runLoop)"])
    defer { terminal.close() }
    terminal.type("l")
    #expect(terminal.eventuallyShows(Self.expectedLoad), "the load never finished")
    // NB: a sanitizer's own thread wakes every 100 ms; its runs check the pool for races.
    if !Sanitizer.isActive { expectNoWakeUps(of: child) }
    terminal.type("q")
    #expect(child.waitForEnd() == .exited(0))
  }

  /// Expects a window of 1.5 s in which no thread of `child` switched voluntarily, within 8 s.
  private func expectNoWakeUps(of child: ChildProcess) {
    // NB: the frame showing the result may still be ending; the first quiet window counts.
    var windows: [Int] = []
    let deadline = ContinuousClock.now + .seconds(8)
    while ContinuousClock.now < deadline {
      let before = ProcFiles.threads(of: child.pid)
      _ = waitUntil(timeout: .milliseconds(1500)) { false }
      let after = ProcFiles.threads(of: child.pid)
      let wakeUps = after.reduce(0) { total, thread in
        total + thread.value.voluntarySwitches - (before[thread.key]?.voluntarySwitches ?? 0)
      }
      windows.append(wakeUps)
      if wakeUps == 0 { break }
    }
    #expect(windows.last == 0, "voluntary switches per 1.5 s while idle: \(windows)")
  }
}

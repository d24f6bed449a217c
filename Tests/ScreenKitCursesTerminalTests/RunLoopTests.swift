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

import ScreenKit
import ScreenKitCurses
import TerminalProcess

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A ``CursesApplication`` running its real, event-driven loop on a pseudo-terminal, watched
/// by a monitor thread that measures from outside and finally asks the loop to quit.
@MainActor
final class RunLoopSession {
  /// The pty the application's terminal is on.
  let recorder: TerminalRecorder
  /// The application under test.
  let application: CursesApplication

  /// Prepares `root` at `size`; nothing runs until ``run(monitor:)``.
  init(root: Screen, size: Size = Size(width: 80, height: 24)) {
    setenv("LINES", "\(size.height)", 1)
    setenv("COLUMNS", "\(size.width)", 1)
    do {
      recorder = try TerminalRecorder()
    } catch {
      fatalError("Benchmarks: \(error)")
    }
    var options = CursesTerminal.Options()
    options.inputDescriptor = recorder.follower
    options.outputDescriptor = recorder.follower
    options.terminalType = "xterm-256color"
    application = CursesApplication(root: root, options: options)
  }

  /// Runs the loop while `monitor` runs on its own thread.
  ///
  /// The monitor must end by calling ``requestQuit(_:through:)``. Returns the error that stopped the terminal from opening, if any.
  func run(monitor: @escaping @Sendable (TerminalRecorder) -> Void) async -> TerminalError? {
    let recorder = self.recorder
    let thread = BackgroundThread {
      monitor(recorder)
    }
    var failure: TerminalError?
    do {
      try await application.run()
    } catch {
      failure = error
    }
    thread.join()
    recorder.close()
    return failure
  }

  /// The scheduler of the application, whose `post` any thread may call.
  var scheduler: Scheduler { application.stage.scheduler }

  /// Asks the loop to quit from any thread (through the scheduler, as a load result would).
  nonisolated static func requestQuit(
    _ application: CursesApplication, through scheduler: Scheduler
  ) {
    scheduler.post { application.quit() }
  }
}

/// Context switches of the threads that are not the benchmark's own, over a window.
struct WakeWindow {
  /// Context switches of every thread of the process except the excluded ones.
  var process = 0
  /// CPU time of the process minus that of the excluded threads.
  var cpu: Duration = .zero
  /// The window's length.
  var length: Duration = .zero
  /// Context switches per thread that had any, by thread name (`comm`) and id.
  var threads: [String] = []

  /// Measures `length` of the process's activity, leaving out `excluded` threads.
  static func measure(length: Duration, excluding excluded: [BackgroundThread]) -> WakeWindow {
    let ids = Set(excluded.map(\.threadID) + [currentThreadID()])
    let before = ProcFiles.contextSwitches()
    let cpuBefore = Clocks.processCPU() - excluded.reduce(.zero) { $0 + $1.cpu }
    let monitorBefore = Clocks.threadCPU()
    let start = Clocks.monotonic()
    Clocks.sleep(length)
    let after = ProcFiles.contextSwitches()
    let monitorCPU = Clocks.threadCPU() - monitorBefore
    let cpuAfter = Clocks.processCPU() - excluded.reduce(.zero) { $0 + $1.cpu }
    var window = WakeWindow()
    window.length = Clocks.monotonic() - start
    window.cpu = cpuAfter - cpuBefore - monitorCPU
    for (id, count) in after where !ids.contains(id) {
      let delta = count - (before[id] ?? 0)
      window.process += delta
      if delta > 0 {
        let comm = ProcFiles.read("/proc/self/task/\(id)/comm")?.split(separator: "\n").first
        window.threads.append("\(comm.map(String.init) ?? "?")[\(id)]: \(delta)")
      }
    }
    return window
  }

  /// Process wake-ups per second.
  var processPerSecond: Double { Double(process) / length.seconds }
}

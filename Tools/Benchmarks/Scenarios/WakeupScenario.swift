import Locking
import ScreenKit
import ScreenKitCurses
import ScreenKitLoading
import TerminalProcess

/// The real run loop on a pty, idle and with one spinner: wake-ups per second (context
/// switches from `/proc/self/task/*/status`, and the loop's own `wakeCount`), and the share of
/// a core the process uses; then the release demo, from outside, idle after its load ran on
/// the default executor.
struct WakeupScenario: Scenario {
  let name = "wakeups"

  func run(_ settings: RunSettings) async -> [Figure] {
    let window = settings.duration(full: .seconds(4), quick: .milliseconds(400))
    var figures: [Figure] = []
    for spinning in [false, true] {
      let label = spinning ? "one spinner" : "idle"
      let root: Screen = spinning ? SpinnerScreen() : StaticScreen(text: "Nothing animates here")
      let session = RunLoopSession(root: root)
      let application = session.application
      let scheduler = session.scheduler
      let result = Locked<WakeWindow?>(nil)
      let span = Locked<Duration>(.zero)
      let failure = await session.run { recorder in
        let start = Clocks.monotonic()
        Clocks.sleep(.milliseconds(300))
        let measured = WakeWindow.measure(length: window, excluding: [recorder.drainThread])
        result.withLock { $0 = measured }
        span.withLock { $0 = Clocks.monotonic() - start }
        RunLoopSession.requestQuit(application, through: scheduler)
      }
      if let failure {
        figures.append(
          .notMeasured(name, "wake-ups per second, \(label)", unit: "/s", reason: "\(failure)"))
        continue
      }
      guard let measured = result.withLock({ $0 }) else { continue }
      if settings.verbose {
        log("wake-ups, \(label): " + measured.threads.joined(separator: ", "))
      }
      // NB: the loop counts the quit request as one wake-up; the rest are its own.
      let loopWakes = Double(application.wakeCount - 1) / span.withLock { $0 }.seconds
      let frameRate = 1 / SpinnerStyle.dots.frameInterval.seconds
      let expected = spinning ? frameRate : 0
      let met = loopWakes <= expected + 0.5 && (spinning || measured.process == 0)
      figures.append(
        Figure(
          name, "wake-ups per second, \(label) (run loop)", value: loopWakes, unit: "/s",
          target: spinning ? "= \(format(frameRate)) (frame rate)" : "= 0",
          verdict: met ? .met : .missed,
          note: "CursesApplication.wakeCount over the run"))
      figures.append(
        Figure(
          name, "thread context switches per second, \(label)", value: measured.processPerSecond,
          unit: "/s",
          note:
            "all program threads, /proc/self/task/*/status over \(format(measured.length.seconds)) s"
            + (spinning
              ? "; \(format(measured.processPerSecond / frameRate)) per frame (libdispatch: "
                + "timer thread hands the main queue to a worker, re-arm goes back)" : "")))
      let share = measured.cpu.seconds / measured.length.seconds * 100
      var note = "whole process, real run loop"
      if spinning {
        let perFrame = measured.cpu.milliseconds / (measured.length.seconds * frameRate)
        note += "; \(format(perFrame)) ms CPU per spinner frame incl. wake-up"
      }
      figures.append(
        Figure(name, "share of one core, \(label)", value: share, unit: "%", note: note))
    }
    for (runLoop, label) in [
      ("", "poll + main queue"), ("dispatch", "async main"),
    ] {
      figures.append(idleAfterALoad(runLoop: runLoop, label: label, settings))
    }
    return figures
  }

  /// Voluntary switches per second of every thread of the release demo's load probe, on its
  /// own pty, once its load (a sleep on the default executor) ended and its text is drawn.
  ///
  /// NB: from outside, as this benchmark's own `async` `main` runs on libdispatch's pool.
  private func idleAfterALoad(runLoop: String, label: String, _ settings: RunSettings)
    -> Figure
  {
    let figure = "wake-ups per second, idle after a load (demo, \(label))"
    let program = ProbeProgram.demo(runLoop: runLoop, label: label)
    guard program.exists else {
      let reason = "\(program.path) is not built (swift build -c release builds it)"
      return .notMeasured(name, figure, unit: "/s", target: "= 0", reason: reason)
    }
    let trace = TraceFile.temporary("wakeups")
    defer { trace.remove() }
    let text = "child-text-of-the-load-probe"
    let recorder: TerminalRecorder
    let child: ChildProcess
    do {
      (recorder, child) = try program.launch(seconds: 0.3, text: text, trace: trace)
    } catch {
      return .notMeasured(name, figure, unit: "/s", target: "= 0", reason: "spawn failed: \(error)")
    }
    defer {
      recorder.type("q")
      child.end(by: Deadline(after: .seconds(2)))
      recorder.close()
    }
    guard recorder.waitForWatchedText(timeout: .seconds(10)) != nil else {
      return .notMeasured(
        name, figure, unit: "/s", target: "= 0", reason: "the child's text never arrived")
    }
    recorder.waitForQuiet(.milliseconds(50), timeout: .seconds(2))
    let before = ProcFiles.threads(of: child.pid)
    let start = Clocks.monotonic()
    // NB: at least 2 s, so that a once-a-second wake-up (libdispatch's pool monitor) shows.
    Clocks.sleep(settings.duration(full: .seconds(4), quick: .milliseconds(400)))
    let idle = ThreadDelta(from: before, to: ProcFiles.threads(of: child.pid))
    let length = (Clocks.monotonic() - start).seconds
    let perSecond = Double(idle.voluntarySwitches) / length
    // NB: an `async` `main` (as on macOS) keeps libdispatch's pool: reported, not a goal.
    let isGoal = runLoop != "dispatch"
    return Figure(
      name, figure, value: perSecond, unit: "/s", target: isGoal ? "= 0" : "",
      verdict: !isGoal ? .report : idle.voluntarySwitches == 0 ? .met : .missed,
      note:
        "all threads, /proc/PID/task/*/status over \(format(length)) s after the load's text; "
        + "\(format(idle.cpu.milliseconds)) ms CPU")
  }
}

/// A screen that draws one line of text and never changes.
final class StaticScreen: Screen {
  private let text: String

  /// Creates a screen showing `text` at its top-left.
  init(text: String) {
    self.text = text
    super.init()
  }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText(text, at: .zero)
  }
}

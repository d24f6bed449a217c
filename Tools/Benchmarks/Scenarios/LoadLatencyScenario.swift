import Locking
import ScreenKit
import ScreenKitCurses
import ScreenKitLoading
import TerminalProcess

/// The real run loop with a `LoadingController` showing its spinner: the time from a load's
/// completion handler being called (on another thread, as a network callback would) to the
/// child's text arriving on the terminal's other side of the pty.
///
/// Completions are spread over the spinner's 80 ms period, so some land just after a spinner
/// frame, when the loop's one-frame-per-16-ms coalescing holds the next render back.
struct LoadLatencyScenario: Scenario {
  let name = "load"

  func run(_ settings: RunSettings) async -> [Figure] {
    let samples = settings.count(full: 40, quick: 3)
    let host = LoadHostScreen()
    let session = RunLoopSession(root: host)
    let application = session.application
    let scheduler = session.scheduler
    let latencies = Locked<[Double]>([])
    let failure = await session.run { recorder in
      Clocks.sleep(.milliseconds(100))
      for index in 0..<samples {
        let text = "done-" + LoadLatencyScenario.tag(index)
        let pending = PendingCompletion()
        scheduler.post { host.startLoad(into: pending) }
        let deadline = Clocks.monotonic() + .seconds(2)
        while pending.handler == nil && Clocks.monotonic() < deadline {
          Clocks.sleep(.milliseconds(1))
        }
        guard let handler = pending.handler else { break }
        // Let the spinner run, then complete at a different phase of its period each time.
        Clocks.sleep(.milliseconds(120 + (index * 17) % 80))
        recorder.watch(for: text)
        let start = Clocks.monotonic()
        handler(.success(text))
        if let seen = recorder.waitForWatchedText(timeout: .seconds(2)) {
          latencies.withLock { $0.append((seen - start).milliseconds) }
        }
      }
      RunLoopSession.requestQuit(application, through: scheduler)
    }
    let measured = Samples(latencies.withLock { $0 })
    let label = "load completion to the child's text on the terminal"
    if let failure {
      return [.notMeasured(name, label, unit: "ms", reason: "\(failure)")]
    }
    guard measured.values.count == samples else {
      return [
        .notMeasured(
          name, label, unit: "ms",
          reason: "\(measured.values.count) of \(samples) texts arrived")
      ]
    }
    return [
      .atMost(
        name, label + " (median)", value: measured.median, limit: 1, unit: "ms",
        note: "\(samples) loads; p90 \(format(measured.percentile(0.9))) ms, max "
          + "\(format(measured.maximum)) ms (a completion right after a spinner frame waits "
          + "for the 16 ms frame slot)")
    ]
  }

  nonisolated private static func tag(_ index: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    return String([letters[(index / 26) % 26], letters[index % 26]])
  }
}

/// The completion handler of the load in flight, handed from the main actor to the monitor.
final class PendingCompletion: Sendable {
  private let stored = Locked<LoadSource<String>.Completion?>(nil)

  /// The handler, once the load has started.
  var handler: LoadSource<String>.Completion? { stored.withLock { $0 } }

  /// Keeps the handler of a load that just started.
  func store(_ handler: @escaping LoadSource<String>.Completion) {
    stored.withLock { $0 = handler }
  }
}

/// The root of the load scenario: it swaps in a fresh `LoadingController` per load.
final class LoadHostScreen: Screen {
  /// Replaces the current controller with one whose load hands its completion to `pending`;
  /// the spinner shows at once and stays no longer than the load.
  func startLoad(into pending: PendingCompletion) {
    for child in children { child.removeFromParent() }
    let options = LoadOptions(showDelay: .zero, minimumVisible: .zero)
    let controller = LoadingController<String>(
      source: .callback { completion in pending.store(completion) }, options: options,
      build: { text in StaticScreen(text: text) })
    addChild(controller)
  }
}

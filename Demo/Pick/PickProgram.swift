import ScreenKit
package import ScreenKitCurses
import ScreenKitLoading

/// `Demo pick`'s program: the picker over the lines of standard input, on a terminal the
/// command has opened, until the user chooses or gives up.
@MainActor
package enum PickProgram {
  /// Shows the picker over the lines of standard input until a choice.
  ///
  /// With a `remoteLatency`, it filters through a simulated search server answering in that
  /// time (`--remote`). `workers` tasks rank the lines.
  package static func run(
    remoteLatency: Duration?, workers: Int, options: CursesTerminal.Options,
    settings: DisplaySettings
  ) async -> PickOutcome {
    let server = remoteLatency.map { PickServer(latency: $0, workers: workers) }
    var outcome = PickOutcome.cancelled
    weak var application: CursesApplication?
    let root = LoadingController(
      source: .stream { CandidateReader.stream(of: 0) },
      options: LoadOptions(spinner: settings.spinner, label: "Reading standard input…"),
      build: { (candidates: Candidates) -> PickScreen in
        let picker = PickScreen(server: server, workers: workers)
        picker.receive(candidates)
        picker.onFinish = { result in
          outcome = result
          application?.quit()
        }
        return picker
      },
      update: { picker, candidates in picker.receive(candidates) })
    let running = CursesApplication(
      root: root, scheduler: Scheduler(clock: .continuous), options: options)
    application = running
    do {
      try await running.run()
    } catch {
      error.exit()
    }
    return outcome
  }
}

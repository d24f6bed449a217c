import ScreenKit
import ScreenKitCurses
import ScreenKitLoading

/// `Demo load-probe`'s program: one loading screen of a chosen variant over a load of a fixed
/// time, then one line of text, until `q`.
@MainActor
package enum LoadProbe {
  /// Shows the spinner of `variant` for a load of `delay`, then `text`, until `q`.
  package static func run(
    variant: Variant, delay: Duration, text: String, settings: DisplaySettings
  ) async {
    let trace = settings.trace
    let load: @Sendable () async throws -> String = {
      trace.record(.loadStart)
      defer { trace.record(.loadEnd) }
      try await ContinuousClock().sleep(for: delay)
      return text
    }
    // NB: no show delay, as in the C program: the first frame already has the spinner.
    let options = LoadOptions(showDelay: .zero, spinner: settings.spinner)
    let root: Screen
    if variant == .protocol {
      let screen = ProtocolProbeScreen(options: options, loader: load)
      screen.onMount = { trace.record(.mount) }
      root = screen
    } else {
      root = LoadingController<String>(
        load: load, options: options,
        build: { value in
          let screen = ProbeTextScreen(text: value)
          screen.observeLifecycle { event in
            if case .didMove(toParent: .some) = event.hook { trace.record(.mount) }
          }
          return screen
        })
    }
    let application = CursesApplication(
      root: root, scheduler: Scheduler(clock: .continuous), options: settings.terminalOptions)
    application.onUnhandledKey = { application, key in
      if key == "q" { application.quit() }
    }
    do {
      try await application.run()
    } catch {
      error.exit()
    }
  }
}

import ScreenKit
import ScreenKitCurses

/// Runs a demo hierarchy in the terminal: `q` quits from any state, and a missing terminal
/// ends the program with the one-line `TerminalError` and its exit status.
@MainActor
enum DemoApplication {
  /// Shows `root` (a navigation screen, whose hint bar gets `q quit`) until `q`.
  static func run(_ root: NavigationScreen, settings: DisplaySettings) async {
    root.keyHints = [KeyHint("q", "quit")]
    let application = CursesApplication(
      root: root, scheduler: Scheduler(clock: .continuous), options: settings.terminalOptions)
    // NB: keys reach this only when no screen handled them; no demo screen takes text input,
    // so `q` is never a typed letter here.
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

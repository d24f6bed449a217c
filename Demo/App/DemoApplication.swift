package import ScreenKit
import ScreenKitCurses
import ScreenKitLoading

/// Runs a demo hierarchy in the terminal: `q` quits from any state, and a missing terminal
/// ends the program with the one-line `TerminalError` and its exit status.
@MainActor
package enum DemoApplication {
  /// Shows `root` (a navigation screen, whose hint bar gets `q quit`) until `q`.
  package static func run(_ root: NavigationScreen, settings: DisplaySettings) async {
    root.keyHints = keyHints(for: settings)
    var height: Int?
    if case .inline(let rows, _) = settings.presentation { height = rows }
    let application = CursesApplication(
      root: root, scheduler: Scheduler(clock: .continuous), options: settings.terminalOptions)
    // F12 shows what every screen loads and what the details cache holds.
    application.stage.loadInspectorKey = .function(12)
    // NB: keys reach this only when no screen handled them; no demo screen takes text input,
    // so `q` is never a typed letter here.
    application.onUnhandledKey = { application, key in
      if key == "q" { application.quit() }
      // An inline region grows and shrinks while it runs, its top where it was.
      if let rows = height, key == "+" || key == "-" {
        height = max(1, rows + (key == "+" ? 1 : -1))
        application.setInlineHeight(height ?? rows)
      }
    }
    do {
      try await application.run()
    } catch {
      error.exit()
    }
  }

  /// The keys the application takes itself, which the root's hint bar shows after its screens'
  /// own: `q quit`, and `+- rows` in an inline region.
  static func keyHints(for settings: DisplaySettings) -> [KeyHint] {
    guard case .inline = settings.presentation else { return [KeyHint("q", "quit")] }
    return [KeyHint("q", "quit"), KeyHint("+-", "rows")]
  }
}

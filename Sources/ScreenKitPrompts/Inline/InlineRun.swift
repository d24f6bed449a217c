public import ScreenKit
public import ScreenKitCurses

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs a screen in a region of rows at the cursor until it finishes with a value: what a
/// prompt is, and what any other part of a command-line tool that shows something until it
/// is done (a group of tasks, a live table) is built on.
///
/// The screen is handed an ``InlineRunContext``: it prints lines above the region while it
/// runs, changes the region's height, and ends the run with ``InlineRunContext/finish(_:)``.
/// The region is cleared at the end; the lines printed stay in the scrollback. Ctrl-C is the
/// terminal's interrupt (the terminal put back, the process ended by SIGINT); the mouse and
/// focus reporting are off, so the wheel scrolls the history and the end waits for nothing.
///
/// Decide first whether a terminal can show it (``PromptEnvironment/interactivity``): when
/// none can, an inline application writes plain text and reads keys line by line.
@MainActor
public enum InlineRun {
  /// Shows the screen `makeScreen` returns in `rows` rows at the cursor until it calls
  /// ``InlineRunContext/finish(_:)``, and returns that value; `nil` when the terminal's input
  /// ended first.
  ///
  /// - Throws: `TerminalError` when the terminal cannot be set up (another session open, a
  ///   system call that failed); nothing was drawn then.
  public static func run<Value: Sendable>(
    rows: Int, _ makeScreen: (InlineRunContext<Value>) -> Screen
  ) async throws(TerminalError) -> Value? {
    let context = InlineRunContext<Value>()
    let screen = makeScreen(context)
    var options = CursesTerminal.Options()
    options.presentation = .inline(height: max(1, rows), exit: .clear)
    // NB: no mouse, so no position request: the end never waits for an answer to one, and
    // the wheel scrolls the history as it did before.
    options.mouse = false
    options.focusReporting = false
    let application = CursesApplication(
      root: screen, scheduler: Scheduler(clock: .continuous), options: options)
    context.application = application
    // NB: what the program printed and the C library still holds goes out before the region
    // takes the cursor, not into it.
    fflush(nil)
    try await application.run()
    return context.value
  }
}

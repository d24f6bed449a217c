import ScreenKit
import ScreenKitCurses

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One prompt on the terminal: its screen in an inline region at the cursor until it submits,
/// then its answer line above the region, and the region cleared.
@MainActor
enum PromptSession {
  /// Shows `prompt`'s screen until it submits, and returns the answer.
  ///
  /// The application's `quit()` is how a screen ends the host with a value: the screen calls
  /// back with it, the line is printed above the region (the host draws it before it
  /// closes), and `run()` returns; the core needs nothing for it.
  static func run<P: Prompt>(_ prompt: P, theme: PromptTheme) async throws(PromptError)
    -> P.Value
  {
    var answer: P.Value?
    weak var application: CursesApplication?
    let screen = prompt.makeScreen(theme: theme) { value in
      guard answer == nil else { return }
      answer = value
      application?.print(prompt.answerRuns(for: value, theme: theme))
      application?.quit()
    }
    let running = CursesApplication(
      root: screen, scheduler: Scheduler(clock: .continuous), options: options(for: prompt))
    application = running
    // NB: what the program printed and the C library still holds goes out before the region
    // takes the cursor, not into it.
    fflush(nil)
    do {
      try await running.run()
    } catch {
      // NB: the checks made before (`Interactivity`) are those the session makes as it
      // opens; what fails here is another session open, or a system call.
      throw .terminalFailed(question: prompt.question, reason: error.description)
    }
    guard let answer else { throw .inputEnded(question: prompt.question) }
    return answer
  }

  /// An inline region of the prompt's rows, cleared at the end; the terminal keeps its mouse
  /// (selection, scrolling the history) and its keys' signals (Ctrl-C interrupts).
  static func options<P: Prompt>(for prompt: P) -> CursesTerminal.Options {
    var options = CursesTerminal.Options()
    options.presentation = .inline(height: max(1, prompt.rows), exit: .clear)
    // NB: no mouse, so no position request: a prompt's end never waits for an answer to one,
    // and the wheel scrolls the history as it did before the question.
    options.mouse = false
    options.focusReporting = false
    return options
  }
}

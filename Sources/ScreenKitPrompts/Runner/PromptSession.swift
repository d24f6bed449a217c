import ScreenKit

/// One prompt on the terminal: its screen in an inline region at the cursor until it submits,
/// then its answer line above the region, and the region cleared.
@MainActor
enum PromptSession {
  /// Shows `prompt`'s screen until it submits, and returns the answer.
  ///
  /// The application's `quit()` is how a screen ends the host with a value (through
  /// ``InlineRunContext/finish(_:)``): the line is printed above the region first, the host
  /// draws it before it closes, and `run()` returns; the core needs nothing for it.
  static func run<P: Prompt>(_ prompt: P, theme: PromptTheme) async throws(PromptError)
    -> P.Value
  {
    let answer: P.Value?
    do {
      answer = try await InlineRun.run(rows: prompt.rows) { (context: InlineRunContext<P.Value>) in
        prompt.makeScreen(theme: theme) { value in
          guard context.value == nil else { return }
          context.print(prompt.answerRuns(for: value, theme: theme))
          context.finish(value)
        }
      }
    } catch {
      // NB: the checks made before (`Interactivity`) are those the session makes as it
      // opens; what fails here is another session open, or a system call.
      throw .terminalFailed(question: prompt.question, reason: error.description)
    }
    guard let answer else { throw .inputEnded(question: prompt.question) }
    return answer
  }
}

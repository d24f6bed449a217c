/// Why a prompt gave no answer; its description is one line, for standard error.
///
/// Thrown out of a `TerminalProgram`'s or an `AsyncParsableCommand`'s `run()`, it is printed
/// on one line and the process exits with status 1 (``exitCode``), as both do for an error
/// their program throws.
public enum PromptError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Nobody could be asked (`reason`), and neither the environment variable `variable` nor a
  /// default answered; `format` says what the variable takes.
  case unanswered(question: String, variable: String, format: String, reason: String)
  /// The environment variable `variable` (or the answer a program gave for its id) holds an
  /// answer the prompt does not take; `answer` is `nil` for a secret, which is never shown.
  case invalidAnswer(question: String, variable: String, answer: String?, message: String)
  /// The terminal's input ended (or the terminal went away) before an answer.
  case inputEnded(question: String)
  /// The terminal could not be set up for the prompt (another session open, a system call
  /// that failed); `reason` says what.
  case terminalFailed(question: String, reason: String)

  /// The exit status a program that lets the error end it exits with, as documented.
  public static let exitCode: Int32 = 1

  /// The one line that says it.
  public var description: String {
    switch self {
    case .unanswered(let question, let variable, let format, let reason):
      "\"\(question)\" cannot be asked (\(reason)) and has no default: set \(variable)=<\(format)>"
    case .invalidAnswer(let question, let variable, let answer, let message):
      if let answer {
        "\(variable)=\(answer.debugDescription) does not answer \"\(question)\": \(message)"
      } else {
        "\(variable) does not answer \"\(question)\": \(message)"
      }
    case .inputEnded(let question):
      "\"\(question)\" was not answered: the terminal's input ended"
    case .terminalFailed(let question, let reason):
      "\"\(question)\" cannot be asked: \(reason)"
    }
  }
}

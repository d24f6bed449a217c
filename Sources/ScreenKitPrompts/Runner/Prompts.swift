/// Asks a command-line tool's questions: at the cursor on a terminal, from the environment
/// when nobody can be asked.
///
/// Made once, with the theme, then asked from any `async` code (an `AsyncParsableCommand`'s
/// `run()`, a plain `async` `main`, a `TerminalProgram`'s `run()`): each question is shown at
/// the cursor until it is answered, and leaves one line in the scrollback, the question and
/// its answer (never a secret); what the program prints next goes below it.
///
/// **One convention for every answer given without the terminal**: the environment variable
/// `<PREFIX>_<ID>` (``variableName(for:)``), the prompt's id in capitals after the program's
/// name. Set, it answers the prompt without asking, terminal or not. When nobody can be asked
/// (``Interactivity``) and it is unset, a prompt with a default takes it, and one without
/// throws ``PromptError/unanswered(question:variable:format:reason:)``, whose one line names
/// the variable. A program that takes answers as flags hands them over as ``answers``, by id.
public struct Prompts: Sendable {
  /// The colours and symbols of every prompt; under `NO_COLOR`, used without colours.
  public var theme: PromptTheme
  /// What comes before each prompt's id in its environment variable's name.
  public var variablePrefix: String
  /// Answers a program was given (by its flags, say), by prompt id: they come before the
  /// environment's.
  public var answers: [String: String]
  /// The environment read.
  public var environment: PromptEnvironment

  /// Prompts in `theme`, answered from the variables `<variablePrefix>_<ID>`.
  ///
  /// `variablePrefix` defaults to the program's name in capitals (`mytool` reads `MYTOOL_NAME`).
  public init(
    theme: PromptTheme = .standard, variablePrefix: String? = nil,
    answers: [String: String] = [:], environment: PromptEnvironment = .process
  ) {
    self.theme = theme
    self.variablePrefix = Self.variableWord(
      variablePrefix ?? CommandLine.arguments.first?.split(separator: "/").last.map(String.init)
        ?? "ANSWER")
    self.answers = answers
    self.environment = environment
  }

  /// The environment variable that answers the prompt `id`: the prefix and the id in
  /// capitals, every character but letters and digits an underscore (`name` of `mytool` is
  /// `MYTOOL_NAME`, `dry-run` is `MYTOOL_DRY_RUN`).
  public func variableName(for id: String) -> String {
    "\(variablePrefix)_\(Self.variableWord(id))"
  }

  /// The theme prompts are drawn in: ``theme``, without colours when `NO_COLOR` is set to
  /// anything but the empty string (no-color.org).
  public var effectiveTheme: PromptTheme {
    guard let noColor = environment.value("NO_COLOR"), !noColor.isEmpty else { return theme }
    return theme.withoutColor()
  }

  /// Asks `prompt` and returns its answer.
  ///
  /// From ``answers`` or the environment when either has one; else on the terminal, until it
  /// is answered; else its default. Ctrl-C ends the program as the terminal's interrupt does
  /// (exit status 130 in a shell), the terminal put back.
  ///
  /// - Throws: ``PromptError`` when there is no answer: none given and nobody to ask, one
  ///   given that the prompt does not take, or the terminal's input ended.
  @MainActor
  public func ask<P: Prompt>(_ prompt: P) async throws(PromptError) -> P.Value {
    let theme = effectiveTheme
    let variable = variableName(for: prompt.id)
    if let given = answers[prompt.id] ?? environment.value(variable) {
      let value: P.Value
      do {
        value = try await prompt.answer(from: given)
      } catch {
        throw .invalidAnswer(
          question: prompt.question, variable: variable,
          answer: prompt.showsAnswers ? given : nil, message: error.message)
      }
      environment.writeLine(prompt.answerLine(for: value, symbols: theme.symbols))
      return value
    }
    switch environment.interactivity() {
    case .interactive:
      return try await PromptSession.run(prompt, theme: theme)
    case .notInteractive(let reason):
      guard let value = prompt.defaultAnswer else {
        throw .unanswered(
          question: prompt.question, variable: variable, format: prompt.answerFormat,
          reason: reason)
      }
      environment.writeLine(prompt.answerLine(for: value, symbols: theme.symbols))
      return value
    }
  }

  /// `word` in capitals, every character but ASCII letters and digits an underscore.
  static func variableWord(_ word: String) -> String {
    String(
      word.unicodeScalars.map { scalar -> Character in
        switch scalar {
        case "a"..."z": Character(String(scalar).uppercased())
        case "A"..."Z", "0"..."9": Character(scalar)
        default: "_"
        }
      })
  }
}

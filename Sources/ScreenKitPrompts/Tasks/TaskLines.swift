import ScreenKit

/// The lines a group of tasks leaves in the scrollback, and how it writes a duration.
enum TaskLines {
  /// A finished task's line: the answered or error symbol, the label, the time, and the
  /// error's one line when it failed (`✔ swift-log 1.2s`, `✘ swift-nio 0.3s: timed out`).
  static func runs(for outcome: TaskOutcome, theme: PromptTheme) -> [(text: String, style: Style)] {
    let symbols = theme.symbols
    var runs: [(text: String, style: Style)] = [
      outcome.failed ? (symbols.error, theme.error) : (symbols.answered, theme.answeredMark),
      (" ", .plain), (outcome.label, .plain), (" ", .plain),
      (elapsed(outcome.elapsed), theme.hint),
    ]
    if let message = outcome.message {
      runs.append((": ", .plain))
      runs.append((message, theme.error))
    }
    return runs
  }

  /// The runs of `line` as a region prints it above itself.
  static func runs(for line: TaskGroupState.Line, theme: PromptTheme) -> [(
    text: String, style: Style
  )] {
    switch line {
    case .log(let text): [(text, .plain)]
    case .finished(let outcome): runs(for: outcome, theme: theme)
    }
  }

  /// `line` as plain text, for a pipe or a file.
  static func text(for line: TaskGroupState.Line, symbols: PromptSymbols) -> String {
    var theme = PromptTheme.standard.withoutColor()
    theme.symbols = symbols
    return runs(for: line, theme: theme).map(\.text).joined()
  }

  /// `duration` in tenths of a second under a minute (`0.4s`, `12.0s`), then in minutes and
  /// seconds (`1m05s`).
  static func elapsed(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0 else { return "0.0s" }
    if seconds < 60 {
      return "\(seconds).\(attoseconds / 100_000_000_000_000_000)s"
    }
    let rest = seconds % 60
    return "\(seconds / 60)m\(rest < 10 ? "0" : "")\(rest)s"
  }
}

/// The symbols and words a prompt draws: every glyph a prompt shows comes from here, so that
/// a theme for screen readers can put words in their place.
public struct PromptSymbols: Hashable, Sendable {
  /// Before a question being asked.
  public var question: String
  /// Before a question answered, in the answer line left in the scrollback.
  public var answered: String
  /// Before the row a select points at.
  public var pointer: String
  /// A row of a multiple select that is chosen.
  public var checked: String
  /// A row of a multiple select that is not chosen.
  public var unchecked: String
  /// Before a message that says why an answer is not taken.
  public var error: String
  /// Each character of a secret as it is typed.
  public var mask: Character
  /// The answer line's answer to a secret: never the secret, nor its length.
  public var hiddenAnswer: String
  /// The words of a yes-or-no answer.
  public var yes: String
  /// The words of a yes-or-no answer.
  public var no: String
  /// The answer line's answer to a multiple select where nothing was chosen.
  public var noneChosen: String
  /// The frames of a running task's spinner, all one cell wide, shown in turn.
  public var spinner: [String]
  /// A progress bar's cell for what is done.
  public var barDone: String
  /// A progress bar's cell for what is left.
  public var barLeft: String

  /// Creates symbols; each defaults to the standard one.
  public init(
    question: String = "?", answered: String = "✔", pointer: String = "›", checked: String = "◉",
    unchecked: String = "○", error: String = "✘", mask: Character = "•",
    hiddenAnswer: String = "(hidden)", yes: String = "yes", no: String = "no",
    noneChosen: String = "(none)",
    spinner: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
    barDone: String = "█", barLeft: String = "░"
  ) {
    self.question = question
    self.answered = answered
    self.pointer = pointer
    self.checked = checked
    self.unchecked = unchecked
    self.error = error
    self.mask = mask
    self.hiddenAnswer = hiddenAnswer
    self.yes = yes
    self.no = no
    self.noneChosen = noneChosen
    self.spinner = spinner.isEmpty ? [" "] : spinner
    self.barDone = barDone
    self.barLeft = barLeft
  }

  /// The standard symbols.
  public static let standard = PromptSymbols()

  /// Words where the standard symbols are glyphs, for a screen reader or a terminal without
  /// them: `[x]` and `[ ]` for the choices, `>` for the pointer, `-\|/` for a spinner, `#`
  /// and `.` for a bar.
  public static let plain = PromptSymbols(
    question: "?", answered: "done:", pointer: ">", checked: "[x]", unchecked: "[ ]",
    error: "error:", mask: "*", spinner: ["-", "\\", "|", "/"], barDone: "#", barLeft: ".")
}

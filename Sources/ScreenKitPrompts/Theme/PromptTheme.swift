public import ScreenKit

/// How prompts look: their colours and their symbols, set once on ``Prompts``.
///
/// A prompt never tells anything by colour alone: the row chosen has its pointer, a disabled
/// row its reason, an error its symbol. So `NO_COLOR`, which ``Prompts`` honours with
/// ``withoutColor()``, loses no information.
public struct PromptTheme: Hashable, Sendable {
  /// The glyphs and words drawn.
  public var symbols: PromptSymbols
  /// The question symbol while asking.
  public var questionMark: Style
  /// The question's text.
  public var question: Style
  /// The answer, as typed or chosen, and in the answer line.
  public var answer: Style
  /// The answered symbol of the answer line.
  public var answeredMark: Style
  /// Hints: the default, the keys, a placeholder, the counts.
  public var hint: Style
  /// The row a select points at.
  public var pointed: Style
  /// The characters of a row the filter matched.
  public var matched: Style
  /// A row that cannot be chosen, and its reason.
  public var disabled: Style
  /// A message that says why an answer is not taken.
  public var error: Style

  /// Creates a theme; each part defaults to the standard one.
  public init(
    symbols: PromptSymbols = .standard,
    questionMark: Style = Style(foreground: .cyan, attributes: .bold),
    question: Style = .bold,
    answer: Style = Style(foreground: .cyan),
    answeredMark: Style = Style(foreground: .green),
    hint: Style = .dim,
    pointed: Style = Style(foreground: .cyan, attributes: .bold),
    matched: Style = Style(foreground: .green, attributes: .underline),
    disabled: Style = .dim,
    error: Style = Style(foreground: .red)
  ) {
    self.symbols = symbols
    self.questionMark = questionMark
    self.question = question
    self.answer = answer
    self.answeredMark = answeredMark
    self.hint = hint
    self.pointed = pointed
    self.matched = matched
    self.disabled = disabled
    self.error = error
  }

  /// The standard theme.
  public static let standard = PromptTheme()

  /// This theme with every colour the terminal's own, its attributes (bold, dim, underline)
  /// kept: what `NO_COLOR` asks for.
  public func withoutColor() -> PromptTheme {
    func plain(_ style: Style) -> Style { Style(attributes: style.attributes) }
    var theme = self
    theme.questionMark = plain(questionMark)
    theme.question = plain(question)
    theme.answer = plain(answer)
    theme.answeredMark = plain(answeredMark)
    theme.hint = plain(hint)
    theme.pointed = plain(pointed)
    theme.matched = plain(matched)
    theme.disabled = plain(disabled)
    theme.error = plain(error)
    return theme
  }
}

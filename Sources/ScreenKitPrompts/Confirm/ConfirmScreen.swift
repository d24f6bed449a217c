import ScreenKit

/// A ``ConfirmPrompt`` being asked: the question and `(Y/n)`, the terminal's cursor after it.
@MainActor
final class ConfirmScreen: Screen {
  private let prompt: ConfirmPrompt
  private let theme: PromptTheme
  private let submit: @MainActor (Bool) -> Void

  init(prompt: ConfirmPrompt, theme: PromptTheme, submit: @escaping @MainActor (Bool) -> Void) {
    self.prompt = prompt
    self.theme = theme
    self.submit = submit
    super.init()
    name = "Confirm"
  }

  override var canBecomeFocused: Bool { true }
  /// After the hint, where an answer would be typed.
  override var cursorPosition: Point? {
    let column = theme.symbols.question.cellWidth + prompt.question.cellWidth + hint.cellWidth + 3
    return Point(x: min(column, max(0, bounds.width - 1)), y: 0)
  }

  /// The question as a yes-or-no button, its default in the hint, for the accessible mode.
  override var semantics: Semantics? {
    Semantics(
      role: .button, label: prompt.question, value: hint,
      hints: [KeyHint("y", "yes"), KeyHint("n", "no")])
  }

  override func didAppear() {
    _ = becomeFocused()
  }

  /// `(Y/n)`, `(y/N)` or `(y/n)`: the capital is the default.
  var hint: String {
    switch prompt.defaultAnswer {
    case true?: "(Y/n)"
    case false?: "(y/N)"
    case nil: "(y/n)"
    }
  }

  override func handle(_ key: Key) -> Bool {
    switch key {
    case "y", "Y": submit(true)
    case "n", "N": submit(false)
    case .enter:
      if let answer = prompt.defaultAnswer { submit(answer) }
    default: return false
    }
    return true
  }

  override func draw(in canvas: inout Canvas) {
    var x = canvas.drawText(theme.symbols.question, at: .zero, style: theme.questionMark) + 1
    x += canvas.drawText(prompt.question, at: Point(x: x, y: 0), style: theme.question) + 1
    canvas.drawText(hint, at: Point(x: x, y: 0), style: theme.hint)
  }
}

import ScreenKit

/// A ``TextPrompt`` or ``SecretPrompt`` being asked: the question and a `TextField` on the
/// first row, the message of an answer not taken on the second.
@MainActor
final class TextInputScreen: Screen {
  let field: TextField
  private let question: String
  private let theme: PromptTheme
  private let defaultAnswer: String?
  private let check: (String) throws(PromptRejection) -> String
  private let submit: @MainActor (String) -> Void
  /// Why the text submitted was not taken; cleared by the next edit.
  private(set) var message: String? {
    didSet { if message != oldValue { setNeedsDisplay() } }
  }

  init(
    question: String, theme: PromptTheme, placeholder: String, defaultAnswer: String?,
    mask: Character?, check: @escaping (String) throws(PromptRejection) -> String,
    submit: @escaping @MainActor (String) -> Void
  ) {
    self.question = question
    self.theme = theme
    self.defaultAnswer = defaultAnswer
    self.check = check
    self.submit = submit
    field = TextField(placeholder: placeholder, mask: mask)
    field.textStyle = theme.answer
    super.init()
    name = "TextInput"
    // NB: the title no bar draws: the accessible mode labels the focused field with it.
    title = question
    field.onSubmit = { [weak self] text in self?.submitted(text) }
    field.onChange = { [weak self] _ in self?.message = nil }
    addChild(field)
  }

  override func didAppear() {
    _ = field.becomeFocused()
  }

  /// The question, then the default in brackets when there is one.
  private var label: String {
    let mark = theme.symbols.question
    return defaultAnswer.map { "\(mark) \(question) (\($0)) " } ?? "\(mark) \(question) "
  }

  private func submitted(_ text: String) {
    if text.isEmpty, let defaultAnswer {
      submit(defaultAnswer)
      return
    }
    do {
      submit(try check(text))
    } catch {
      message = error.message
    }
  }

  override func layoutChildren() {
    let x = min(label.cellWidth, bounds.width)
    field.frame = Rect(x: x, y: 0, width: bounds.width - x, height: min(1, bounds.height))
  }

  override func draw(in canvas: inout Canvas) {
    let mark = theme.symbols.question
    var x = canvas.drawText(mark, at: .zero, style: theme.questionMark) + 1
    x += canvas.drawText(question, at: Point(x: x, y: 0), style: theme.question) + 1
    if let defaultAnswer {
      canvas.drawText("(\(defaultAnswer))", at: Point(x: x, y: 0), style: theme.hint)
    }
    guard let message, bounds.height > 1 else { return }
    let errorWidth = canvas.drawText(theme.symbols.error, at: Point(x: 0, y: 1), style: theme.error)
    canvas.drawText(message, at: Point(x: errorWidth + 1, y: 1), style: theme.error)
  }
}

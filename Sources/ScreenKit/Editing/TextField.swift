/// A one-line text field: what is typed goes in at the cursor, edited with the keys of
/// ``LineEditor`` (the readline keys of a shell), and the terminal's cursor shows where.
///
/// The field draws on its first row: an optional ``prompt``, then the text, scrolled
/// sideways to keep the cursor in view when it is wider than the field, or the
/// ``placeholder``, dimmed, while it is empty. With a ``mask`` every character shows as the
/// mask, for a secret. A paste goes in as one edit, its line breaks as spaces. A click on the
/// text puts the cursor before the character under it.
///
/// Keys the field does not use go on to its parents: ↑ ↓, Tab, PgUp PgDn, the function keys,
/// Ctrl with a letter the editor leaves alone (Ctrl-N, Ctrl-P), so a list under a search field
/// can be driven while typing. Enter and Escape go on too unless ``onSubmit`` or ``onCancel``
/// is set.
///
/// ```swift
/// let search = TextField(placeholder: "Search", prompt: "> ")
/// search.onChange = { text in results.filter(text) }
/// search.onSubmit = { text in open(text) }
/// ```
@MainActor
public final class TextField: Screen {
  /// The text; setting it puts the cursor at its end and does not call ``onChange``.
  public var text: String {
    get { editor.text }
    set {
      editor.setText(newValue)
      editorDidChange()
    }
  }
  /// Shown dimmed while the text is empty.
  public var placeholder: String {
    didSet { if placeholder != oldValue, editor.isEmpty { setNeedsDisplay() } }
  }
  /// Drawn before the text, as `> ` or `Name: `; empty by default.
  public var prompt: String {
    didSet {
      guard prompt != oldValue else { return }
      editorDidChange()
    }
  }
  /// The character every character of the text is shown as, for a secret; `nil` shows the
  /// text.
  public var mask: Character? {
    didSet {
      guard mask != oldValue else { return }
      editorDidChange()
    }
  }
  /// The style of the text; the prompt is drawn bold and the placeholder dimmed on top of it.
  public var textStyle: Style = .plain {
    didSet { if textStyle != oldValue { setNeedsDisplay() } }
  }

  /// Called with the text after each edit that changed it (a key, a paste, a click does not);
  /// not when ``text`` is set.
  public var onChange: (@MainActor (String) -> Void)?
  /// Called with the text when Enter is pressed; while `nil`, Enter goes on to the parents.
  public var onSubmit: (@MainActor (String) -> Void)?
  /// Called when Escape is pressed; while `nil`, Escape goes on to the parents (an overlay
  /// closes).
  public var onCancel: (@MainActor () -> Void)?

  /// The text, the cursor and the last cut.
  public private(set) var editor: LineEditor

  /// Creates a field holding `text`, the cursor at its end.
  public init(
    text: String = "", placeholder: String = "", prompt: String = "", mask: Character? = nil
  ) {
    self.editor = LineEditor(text)
    self.placeholder = placeholder
    self.prompt = prompt
    self.mask = mask
    super.init()
  }

  /// A field takes focus, so that typing reaches it.
  public override var canBecomeFocused: Bool { true }

  /// A field labelled by its prompt (or placeholder), its text its value: "empty", or, for a
  /// secret, how many characters it holds, never what they are.
  public override var semantics: Semantics? {
    let label = prompt.trimmingSeparators()
    let value: String
    if editor.isEmpty {
      value = placeholder.isEmpty ? "empty" : "empty, \(placeholder)"
    } else if mask != nil {
      let count = editor.text.count
      value = count == 1 ? "hidden, 1 character" : "hidden, \(count) characters"
    } else {
      value = editor.text
    }
    return Semantics(role: .field, label: label, value: value)
  }

  /// The cell after the prompt where the next character goes, scrolled into view; `nil` when
  /// the field has no room for text.
  public override var cursorPosition: Point? {
    guard textWidth > 0, frame.height > 0 else { return nil }
    var shown = editor
    return Point(x: promptWidth + shown.window(width: textWidth, mask: mask).cursorColumn, y: 0)
  }

  // MARK: Screen

  /// Scrolls the text for the new width.
  public override func layoutChildren() {
    super.layoutChildren()
    scrollToCursor()
  }

  /// Draws the prompt, then the text or the placeholder.
  public override func draw(in canvas: inout Canvas) {
    let promptWidth = canvas.drawText(prompt, at: .zero, style: textStyle.adding(.bold))
    let width = frame.width - promptWidth
    guard width > 0 else { return }
    let origin = Point(x: promptWidth, y: 0)
    if editor.isEmpty {
      canvas.drawText(placeholder, at: origin, style: textStyle.adding(.dim), maxWidth: width)
    } else {
      // NB: a copy: drawing must not move the scroll, which edits and layout keep.
      var shown = editor
      canvas.drawText(
        shown.window(width: width, mask: mask).text, at: origin, style: textStyle,
        maxWidth: width)
    }
  }

  /// Edits for the editor's keys, submits on Enter and cancels on Escape when asked to;
  /// other keys go on to the parents.
  public override func handle(_ key: Key) -> Bool {
    switch key {
    case .enter:
      guard let onSubmit else { return false }
      onSubmit(text)
      return true
    case .escape:
      guard let onCancel else { return false }
      onCancel()
      return true
    default:
      let before = editor
      guard editor.handle(key) else { return false }
      edited(from: before)
      return true
    }
  }

  /// Inserts the pasted text at the cursor as one edit (one ``onChange``).
  public override func handlePaste(_ text: String) -> Bool {
    let before = editor
    editor.insert(text)
    edited(from: before)
    return true
  }

  /// A click on the text puts the cursor before the character under it.
  public override func handleMouse(_ event: MouseEvent) -> Bool {
    guard event.isClick, event.position.y == 0, textWidth > 0 else { return false }
    let column = event.position.x - promptWidth
    guard column >= 0 else { return true }
    editor.moveCursor(toColumn: column, width: textWidth, mask: mask)
    editorDidChange()
    return true
  }

  // MARK: Editing

  private var promptWidth: Int { prompt.cellWidth }

  /// The columns the text is shown in, after the prompt.
  private var textWidth: Int { frame.width - promptWidth }

  private func edited(from before: LineEditor) {
    guard editor.text != before.text || editor.cursor != before.cursor else { return }
    editorDidChange()
    if editor.text != before.text { onChange?(editor.text) }
  }

  private func editorDidChange() {
    scrollToCursor()
    setNeedsDisplay()
  }

  /// Keeps the editor's scroll for the field's width, so the text moves the least it must.
  private func scrollToCursor() {
    guard textWidth > 0 else { return }
    _ = editor.window(width: textWidth, mask: mask)
  }
}

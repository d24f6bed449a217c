import ScreenKit
import ScreenKitMatching

/// A ``SelectPrompt`` or ``MultiSelectPrompt`` being asked: the question and the filter on
/// the first row, a page of rows under it, a status line at the bottom.
///
/// The filter is a `LineEditor` this screen draws, not a `TextField` child: the screen takes
/// every key first (↑, ↓, Enter, and Space or Tab to choose in a multiple select), hands the
/// rest to the editor, and shows the terminal's cursor in the filter as its own.
@MainActor
final class ChoiceListScreen: Screen {
  /// Called once with the indices chosen, in order: one for a single select.
  var onSubmit: (@MainActor ([Int]) -> Void)?
  /// Called with the field's text after each edit when the rows come from elsewhere (a
  /// search): the rows are then shown as given, in their order, not filtered here.
  var onQueryChange: (@MainActor (String) -> Void)?
  /// Called for Enter instead of choosing at once, when the rows shown may not be the query's
  /// yet; the owner calls ``choosePointed()`` once they are.
  var onEnter: (@MainActor () -> Void)?
  /// Whether the rows are an answer to another query than the one typed: drawn dimmed.
  var isStale = false {
    didSet { if isStale != oldValue { setNeedsDisplay() } }
  }

  /// The filter typed.
  private(set) var editor = LineEditor()
  private let question: String
  private let theme: PromptTheme
  /// The rows, those shown, the pointer and the rows chosen.
  private(set) var list: ChoiceList
  /// The first position of the rows shown on screen.
  private var scroll = 0
  /// Why Enter or Space did nothing; cleared by the next key.
  var message: String? {
    didSet { if message != oldValue { setNeedsDisplay() } }
  }
  /// Said after the counts on the status line: that more rows are coming, or why they stopped.
  var arrivalNote: String? {
    didSet { if arrivalNote != oldValue { setNeedsDisplay() } }
  }
  /// Whether a key or a paste has reached the list: the pointer is then the user's.
  private(set) var isTouched = false
  private var isSubmitted = false

  init(
    question: String, theme: PromptTheme, rows: [ChoiceList.Row], mode: ChoiceList.Mode,
    pointed start: Int?
  ) {
    self.question = question
    self.theme = theme
    list = ChoiceList(rows: rows, mode: mode, pointed: start)
    super.init()
    name = "ChoiceList"
  }

  override var canBecomeFocused: Bool { true }

  /// The question as a list of the choices the filter lets through, the pointed one its item
  /// (checked or not in a multiple select, disabled with its reason), for the accessible mode.
  override var semantics: Semantics? {
    let value = query.isEmpty ? nil : "filter \(query)"
    guard let pointer = list.pointer, let index = list.pointedIndex else {
      return Semantics(role: .list, label: question, value: value ?? "no choice")
    }
    var states: [Semantics.State] = []
    if list.isMultiple { states.append(list.chosen.contains(index) ? .checked : .unchecked) }
    var label = list.rows[index].title
    if let reason = list.rows[index].disabledReason {
      states.append(.disabled)
      label += ", \(reason)"
    }
    return Semantics(
      role: .list, label: question, value: value,
      item: Semantics.Item(index: pointer, count: list.shown.count, label: label, states: states))
  }

  override func didAppear() {
    _ = becomeFocused()
  }

  /// The filter typed.
  var query: String { editor.text }

  /// In the filter, where the next character typed goes.
  override var cursorPosition: Point? {
    guard queryWidth > 0, bounds.height > 0 else { return nil }
    var shown = editor
    return Point(x: labelWidth + shown.window(width: queryWidth).cursorColumn, y: 0)
  }

  /// The question's columns, where the filter starts.
  private var labelWidth: Int { min(label.cellWidth, bounds.width) }
  private var queryWidth: Int { bounds.width - labelWidth }

  /// The rows of a page: all but the question's and the status line's.
  private var pageHeight: Int { max(0, bounds.height - 2) }

  // MARK: Filtering

  /// The pattern the rows are filtered by.
  ///
  /// NB: a search's rows are its answer, in its order (what the query matches is still
  /// highlighted when drawn).
  private var pattern: FuzzyPattern {
    onQueryChange == nil ? FuzzyPattern(editor.text) : FuzzyPattern("")
  }

  /// Shows the rows the field's text matches, best first (in their order while it is empty),
  /// and points at the first that can be chosen.
  private func filter() {
    list.filter(by: pattern)
    showFromTop()
  }

  /// Shows `rows` in place of those shown: a search's answer.
  func replaceRows(_ rows: [ChoiceList.Row]) {
    list.replaceRows(rows, filteredBy: pattern)
    showFromTop()
  }

  /// Once the rows shown changed whole: the page from the top, the message gone.
  private func showFromTop() {
    scroll = 0
    message = nil
    keepPointerVisible()
    setNeedsDisplay()
  }

  /// Adds `newRows` after the rows there are, filtered as the rows shown.
  ///
  /// Choices streaming in: the pointer stays on the row it points at
  /// (``ChoiceList/appendRows(_:filteredBy:)``).
  func appendRows(_ newRows: [ChoiceList.Row]) {
    guard !newRows.isEmpty else { return }
    list.appendRows(newRows, filteredBy: pattern)
    keepPointerVisible()
    setNeedsDisplay()
  }

  /// Points at `rows[index]` if the filter shows it and it can be chosen.
  func point(at index: Int) {
    guard list.point(at: index) else { return }
    keepPointerVisible()
    setNeedsDisplay()
  }

  // MARK: Keys

  override func handle(_ key: Key) -> Bool {
    message = nil
    isTouched = true
    switch key {
    case .up, .control("p"): move(by: -1)
    case .down, .control("n"): move(by: 1)
    case .pageUp: move(by: -max(1, pageHeight - 1))
    case .pageDown: move(by: max(1, pageHeight - 1))
    case .enter: submit()
    case .tab where list.isMultiple, " " where list.isMultiple: message = list.toggle()
    case .escape where !editor.isEmpty:
      edit { $0.setText("") }
    default:
      var handled = false
      edit { handled = $0.handle(key) }
      guard handled else {
        setNeedsDisplay()
        return false
      }
    }
    setNeedsDisplay()
    setNeedsCursorUpdate()
    return true
  }

  override func handlePaste(_ text: String) -> Bool {
    isTouched = true
    edit { $0.insert(text) }
    setNeedsCursorUpdate()
    return true
  }

  /// Edits the filter; a change of its text filters again (or tells the search).
  private func edit(_ change: (inout LineEditor) -> Void) {
    let before = editor.text
    change(&editor)
    // NB: keeps the editor's scroll for the width, so the text moves the least it must.
    if queryWidth > 0 { _ = editor.window(width: queryWidth) }
    guard editor.text != before else { return }
    onQueryChange?(editor.text)
    filter()
  }

  private func move(by steps: Int) {
    list.move(by: steps)
    keepPointerVisible()
  }

  private func submit() {
    guard !isSubmitted else { return }
    if list.isMultiple {
      if let message = list.chosenMessage {
        self.message = message
        return
      }
      isSubmitted = true
      onSubmit?(list.chosen.sorted())
    } else if let onEnter {
      onEnter()
    } else {
      choosePointed()
    }
  }

  /// Chooses the row pointed at, in a single select; says so when there is none.
  func choosePointed() {
    guard !isSubmitted else { return }
    guard let index = list.pointedIndex else {
      message = "no row matches"
      return
    }
    isSubmitted = true
    onSubmit?([index])
  }

  // MARK: Layout and drawing

  /// Scrolls the least that shows the pointer.
  private func keepPointerVisible() {
    guard let pointer = list.pointer, pageHeight > 0 else { return }
    if pointer < scroll { scroll = pointer }
    if pointer >= scroll + pageHeight { scroll = pointer - pageHeight + 1 }
  }

  private var label: String { "\(theme.symbols.question) \(question) " }

  override func layoutChildren() {
    if queryWidth > 0 { _ = editor.window(width: queryWidth) }
    keepPointerVisible()
  }

  override func draw(in canvas: inout Canvas) {
    let x = canvas.drawText(theme.symbols.question, at: .zero, style: theme.questionMark) + 1
    canvas.drawText(question, at: Point(x: x, y: 0), style: theme.question)
    let origin = Point(x: labelWidth, y: 0)
    if editor.isEmpty {
      canvas.drawText("type to filter", at: origin, style: theme.hint, maxWidth: queryWidth)
    } else {
      // NB: a copy: drawing must not move the scroll, which edits and layout keep.
      var shown = editor
      canvas.drawText(
        shown.window(width: queryWidth).text, at: origin, style: theme.answer,
        maxWidth: queryWidth)
    }
    var matcher = FuzzyMatcher(FuzzyPattern(editor.text))
    for line in 0..<pageHeight {
      let position = scroll + line
      guard list.shown.indices.contains(position) else { break }
      drawRow(
        list.shown[position], pointed: position == list.pointer, at: line + 1,
        matcher: &matcher, in: &canvas)
    }
    guard bounds.height > 1 else { return }
    drawStatus(at: bounds.height - 1, in: &canvas)
  }

  private func drawRow(
    _ row: ChoiceList.Shown, pointed: Bool, at y: Int, matcher: inout FuzzyMatcher,
    in canvas: inout Canvas
  ) {
    let symbols = theme.symbols
    let pointerWidth = symbols.pointer.cellWidth
    var x = 0
    if pointed {
      canvas.drawText(symbols.pointer, at: Point(x: 0, y: y), style: theme.pointed)
    }
    x += pointerWidth + 1
    let item = list.rows[row.index]
    let isEnabled = item.disabledReason == nil
    var base: Style = isEnabled ? (pointed ? theme.pointed : .plain) : theme.disabled
    if isStale { base = base.adding(.dim) }
    if list.isMultiple {
      let mark = list.chosen.contains(row.index) ? symbols.checked : symbols.unchecked
      x += canvas.drawText(mark, at: Point(x: x, y: y), style: base) + 1
    }
    if !isEnabled { base = theme.disabled }
    let matched =
      matcher.pattern.isEmpty ? [] : Set(matcher.match(item.title)?.utf8Offsets ?? [])
    x = drawTitle(item.title, matched: matched, style: base, at: Point(x: x, y: y), in: &canvas)
    if let reason = item.disabledReason {
      canvas.drawText(
        "(\(reason))", at: Point(x: x + 1, y: y), style: theme.disabled,
        maxWidth: max(0, bounds.width - x - 1))
    }
  }

  /// Draws `title`, the characters at `matched` (UTF-8 offsets) in the theme's match style;
  /// returns the column after it.
  private func drawTitle(
    _ title: String, matched: Set<Int>, style: Style, at point: Point, in canvas: inout Canvas
  ) -> Int {
    guard !matched.isEmpty else {
      return point.x
        + canvas.drawText(title, at: point, style: style, maxWidth: max(0, bounds.width - point.x))
    }
    var x = point.x
    var offset = 0
    let highlight = Style(
      foreground: theme.matched.foreground, background: style.background,
      attributes: style.attributes.union(theme.matched.attributes))
    for character in title where x < bounds.width {
      let bytes = character.utf8.count
      let isMatched = (offset..<offset + bytes).contains { matched.contains($0) }
      x += canvas.drawText(
        String(character), at: Point(x: x, y: point.y), style: isMatched ? highlight : style,
        maxWidth: bounds.width - x)
      offset += bytes
    }
    return x
  }

  /// The message, or the counts: how many rows the filter shows, how many are chosen.
  private func drawStatus(at y: Int, in canvas: inout Canvas) {
    if let message {
      let width = canvas.drawText(theme.symbols.error, at: Point(x: 0, y: y), style: theme.error)
      canvas.drawText(message, at: Point(x: width + 1, y: y), style: theme.error)
      return
    }
    var parts: [String] = []
    let (shown, all) = (list.shown.count, list.rows.count)
    if shown < all || shown > pageHeight { parts.append("\(shown) of \(all)") }
    if list.isMultiple { parts.append("\(list.chosen.count) chosen, space to choose") }
    if let arrivalNote { parts.append(arrivalNote) }
    canvas.drawText(parts.joined(separator: ", "), at: Point(x: 0, y: y), style: theme.hint)
  }
}

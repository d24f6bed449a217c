import ScreenKit
import ScreenKitMatching

/// The rows of a picker: the best lines, the chosen one marked, the characters the query
/// matched highlighted, every line shown escaped (``EscapedLine``); dimmed while stale.
@MainActor
final class PickList: Screen {
  /// What is listed; a new query's results move the choice back to the first row.
  var results: PickResults {
    didSet {
      if results.pattern != oldValue.pattern { selection = 0 }
      selection = min(selection, max(0, results.lines.count - 1))
      keepSelectionVisible()
      setNeedsDisplay()
    }
  }
  /// Whether the rows are for a query other than the one typed (a remote answer on its way).
  var isStale = false {
    didSet { if isStale != oldValue { setNeedsDisplay() } }
  }
  /// Called when the choice comes near the last of the lines kept, so more can be ranked.
  var onNearEnd: (() -> Void)?
  /// The chosen row.
  private(set) var selection = 0
  /// The first row shown.
  private var scroll = 0

  init(results: PickResults) {
    self.results = results
    super.init()
    name = "PickList"
  }

  /// The line chosen, as it was read; `nil` when nothing matched.
  var selectedLine: ArraySlice<UInt8>? {
    results.lines.indices.contains(selection) ? results.lines[selection] : nil
  }

  /// The matches as a list, the chosen line its item, so the accessible mode says each move.
  override var semantics: Semantics? {
    guard let line = selectedLine else {
      return Semantics(role: .list, label: "Matches", value: "no match")
    }
    return Semantics(
      role: .list, label: "Matches",
      item: Semantics.Item(
        index: selection, count: results.matchCount,
        label: EscapedLine(line).text))
  }

  /// Moves the choice by `rows`, down for positive.
  func move(by rows: Int) {
    guard !results.lines.isEmpty else { return }
    selection = min(max(0, selection + rows), results.lines.count - 1)
    keepSelectionVisible()
    if selection >= results.lines.count - bounds.height, results.lines.count < results.matchCount {
      onNearEnd?()
    }
    setNeedsDisplay()
  }

  override func handleMouse(_ event: MouseEvent) -> Bool {
    if let notches = event.wheelDelta {
      move(by: notches)
      return true
    }
    let row = event.position.y + scroll
    guard event.isClick, row < results.lines.count else { return false }
    move(by: row - selection)
    return true
  }

  override func layoutChildren() {
    keepSelectionVisible()
  }

  /// Scrolls the least that shows the chosen row.
  private func keepSelectionVisible() {
    if selection < scroll { scroll = selection }
    if selection >= scroll + bounds.height { scroll = max(0, selection - bounds.height + 1) }
  }

  override func draw(in canvas: inout Canvas) {
    var matcher = FuzzyMatcher(results.pattern)
    for row in 0..<bounds.height {
      let index = scroll + row
      guard index < results.lines.count else { break }
      let line = results.lines[index]
      let matched =
        results.pattern.isEmpty
        ? [] : line.withUnsafeBufferPointer { matcher.match(utf8: $0)?.utf8Offsets ?? [] }
      drawRow(
        EscapedLine(line, matched: matched, columns: bounds.width), selected: index == selection,
        at: row, in: &canvas)
    }
  }

  private func drawRow(_ line: EscapedLine, selected: Bool, at y: Int, in canvas: inout Canvas) {
    var base: Style = selected ? Style(attributes: .bold) : .plain
    if isStale { base.attributes.insert(.dim) }
    if selected {
      canvas.fill(
        Rect(x: 0, y: y, width: bounds.width, height: 1),
        with: Cell(" ", style: Style(background: .brightBlack)))
      canvas.drawText("▌", at: Point(x: 0, y: y), style: Style(foreground: .magenta))
    }
    var x = 2
    for run in line.runs where x < bounds.width {
      var style = base
      switch run.kind {
      case .plain: break
      case .matched: style.foreground = .green
      case .escape: style.attributes.insert(.dim)
      }
      if selected { style.background = .brightBlack }
      x += canvas.drawText(
        run.text, at: Point(x: x, y: y), style: style, maxWidth: bounds.width - x)
    }
  }
}

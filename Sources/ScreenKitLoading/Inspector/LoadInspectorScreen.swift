package import ScreenKit

/// The load inspector: the loads of the screens on a stage and the entries of the caches they
/// use, one line each under a title per section, with the selected row's actions on keys.
///
/// `Stage.loadInspectorKey` presents it in an overlay over the root. The table has a column
/// for the key (after the screen's title, for a screen's load), the state, the age of the
/// value, the time its cache keeps it yet, the screens showing it, how long its last load took
/// and the error it failed with. ↑/↓, j/k, PgUp/PgDn, Home and End move the selection, which
/// the table scrolls to keep in view; `r` refetches the selected row, `i` invalidates it and
/// `x` removes it from its cache, where the row has that action.
///
/// It reads the loads when it appears, right after each action, and once a second while it is
/// shown, by its one timer, which exists only then: a table of what was true a moment ago is
/// what someone watching loads can read, and it costs the application nothing when closed.
@MainActor
package final class LoadInspectorScreen: Screen {
  /// A line of the table under its header: a section's title, or a row of the section.
  private enum Line {
    case section(String)
    case row(LoadInspectionRow, section: String)
  }

  /// What tells a row apart from one read at another time, to keep the selection on it.
  private struct RowIdentity: Equatable {
    let section: String
    let owner: String?
    let key: String
  }

  /// The lines under the header, as last read.
  private var lines: [Line] = []
  /// The indices in `lines` of the rows, among which the selection moves.
  private var rowLines: [Int] = []
  /// The selected row, an index in `rowLines`; `nil` only when there are no rows.
  private var selection: Int?
  /// The index in `lines` of the first line shown.
  private var scrollOffset = 0
  private var refreshTimer: Scheduler.Timer?

  /// How often the table reads the loads again while it is shown.
  static let refreshInterval = Duration.seconds(1)
  /// What the table says when it has no row: no screen on the stage loads, and the caches
  /// listed hold nothing (a section without rows is left out).
  static let emptyMessage = "No loads"

  /// Creates an inspector; it reads the loads of the stage it appears on.
  package override init() {
    super.init()
    name = "LoadInspector"
    title = "Loads"
    keyHints = [KeyHint("r", "refetch"), KeyHint("i", "invalidate"), KeyHint("x", "remove")]
  }

  /// The inspector takes focus so that its keys reach it.
  package override var canBecomeFocused: Bool { true }

  /// The selected row's marker, under the header; the top-left while it is out of view.
  package override var focusPoint: Point? {
    guard let selection else { return nil }
    let line = rowLines[selection] - scrollOffset
    guard line >= 0, line < bodyHeight else { return nil }
    return Point(x: 0, y: 1 + line)
  }

  /// A list of the loads, the selected row its item: its section, screen, key and state, and
  /// its error; the age and the other figures are left to the table, as they change each
  /// second.
  package override var semantics: Semantics? {
    guard let selection, let row = selectedRow else {
      return Semantics(role: .list, value: Self.emptyMessage)
    }
    guard case .row(_, let section) = lines[rowLines[selection]] else { return nil }
    var parts = [section]
    if let owner = row.owner { parts.append(owner) }
    parts += [row.key, row.state]
    if let error = row.lastError { parts.append("error: \(error)") }
    return Semantics(
      role: .list, value: rowLines.count == 1 ? "1 load" : "\(rowLines.count) loads",
      item: Semantics.Item(
        index: selection, count: rowLines.count, label: parts.joined(separator: ", ")))
  }

  // MARK: Lifecycle

  /// Reads the loads and starts the refresh timer.
  package override func didAppear() {
    reload()
    scheduleRefresh()
  }

  /// Stops the refresh timer: a closed inspector leaves nothing to wake the application.
  package override func willDisappear() {
    if let refreshTimer { stage?.scheduler.cancel(refreshTimer) }
    refreshTimer = nil
  }

  private func scheduleRefresh() {
    guard let scheduler = stage?.scheduler else { return }
    // NB: one timer at most, however the screen comes and goes.
    if let refreshTimer { scheduler.cancel(refreshTimer) }
    refreshTimer = scheduler.schedule(after: Self.refreshInterval) { [weak self] in
      guard let self else { return }
      self.refreshTimer = nil
      self.reload()
      if self.isVisible { self.scheduleRefresh() }
    }
  }

  /// Reads the loads again, keeping the selection on the same row while it is listed (or at
  /// its place, when that row is gone).
  private func reload() {
    guard let stage else { return }
    let selected = selection.flatMap { identity(ofLine: rowLines[$0]) }
    lines.removeAll()
    rowLines.removeAll()
    for section in stage.scheduler.loadRegistry.sections(on: stage) where !section.rows.isEmpty {
      lines.append(.section(section.title))
      for row in section.rows {
        rowLines.append(lines.count)
        lines.append(.row(row, section: section.title))
      }
    }
    if rowLines.isEmpty {
      selection = nil
    } else {
      let found = selected.flatMap { wanted in
        rowLines.firstIndex { identity(ofLine: $0) == wanted }
      }
      selection = found ?? min(selection ?? 0, rowLines.count - 1)
    }
    scrollToSelection()
    setNeedsDisplay()
  }

  private func identity(ofLine index: Int) -> RowIdentity? {
    guard case .row(let row, let section) = lines[index] else { return nil }
    return RowIdentity(section: section, owner: row.owner, key: row.key)
  }

  private var selectedRow: LoadInspectionRow? {
    guard let selection, case .row(let row, _) = lines[rowLines[selection]] else { return nil }
    return row
  }

  // MARK: Keys

  /// Moves the selection with the arrows, j/k, the page keys, Home and End; `r`, `i` and `x`
  /// refetch, invalidate and remove the selected row, and do nothing where it has no such
  /// action; Esc and every other key go on to the overlay.
  package override func handle(_ key: Key) -> Bool {
    switch key {
    case .character("r"): perform(selectedRow?.refetch)
    case .character("i"): perform(selectedRow?.invalidate)
    case .character("x"): perform(selectedRow?.remove)
    default:
      guard let selection,
        let target = ScrollKeys.target(
          of: key, from: selection, page: bodyHeight, end: rowLines.count - 1)
      else { return false }
      select(target)
    }
    return true
  }

  /// Runs a row's action and reads the loads at once, so the table shows what it did.
  private func perform(_ action: (@MainActor () -> Void)?) {
    guard let action else { return }
    action()
    reload()
  }

  private func select(_ index: Int) {
    guard !rowLines.isEmpty else { return }
    let target = min(max(0, index), rowLines.count - 1)
    guard target != selection else { return }
    selection = target
    scrollToSelection()
    setNeedsDisplay()
  }

  // MARK: Layout

  /// Whether the last line shows the key hints: only when a row of the table fits above it.
  private var showsHints: Bool { bounds.height >= 3 }

  /// The lines of the table under its header and above the hints.
  private var bodyHeight: Int {
    max(0, bounds.height - 1 - (showsHints ? 1 : 0))
  }

  /// Scrolls so that the selection shows, with its section's title when it is the first row.
  private func scrollToSelection() {
    let height = bodyHeight
    var offset = scrollOffset
    if let selection, height > 0 {
      let line = rowLines[selection]
      let top = line > 0 && identity(ofLine: line - 1) == nil ? line - 1 : line
      if top < offset { offset = top }
      if line >= offset + height { offset = line - height + 1 }
    }
    offset = min(max(0, offset), max(0, lines.count - height))
    guard offset != scrollOffset else { return }
    scrollOffset = offset
    setNeedsDisplay()
  }

  /// Keeps the box the size the stage leaves it, and the selection in view at the new height.
  package override func layoutChildren() {
    super.layoutChildren()
    // NB: the stage was resized (every screen is laid out again, the overlay before its
    // content): the overlay lays itself out once more with the new size, and this once more
    // with the frame that gives, which asks for that same size.
    if let overlay = parent as? OverlayScreen, let stage {
      overlay.preferredContentSize = LoadInspectorCommand.contentSize(on: stage.size)
    }
    scrollToSelection()
  }

  // MARK: Drawing

  /// Draws the header, the lines in view (or the empty message) and the key hints.
  package override func draw(in canvas: inout Canvas) {
    for (index, rect) in LoadInspectorColumns.rects(atLine: 0, width: bounds.width).enumerated() {
      canvas.drawText(
        LoadInspectorColumns.headings[index], in: rect,
        alignment: LoadInspectorColumns.alignments[index], style: .bold)
    }
    let height = bodyHeight
    if lines.isEmpty, height > 0 {
      let middle = Rect(x: 0, y: 1 + (height - 1) / 2, width: bounds.width, height: 1)
      canvas.drawText(Self.emptyMessage, in: middle, alignment: .center, style: .dim)
    }
    for y in 0..<height where scrollOffset + y < lines.count {
      switch lines[scrollOffset + y] {
      case .section(let title):
        canvas.drawText(
          title, in: Rect(x: 0, y: 1 + y, width: bounds.width, height: 1), style: .bold)
      case .row(let row, _):
        let isSelected = selection.map { rowLines[$0] == scrollOffset + y } ?? false
        draw(row, atLine: 1 + y, isSelected: isSelected, in: &canvas)
      }
    }
    if showsHints { drawHints(atLine: bounds.height - 1, in: &canvas) }
  }

  private func draw(
    _ row: LoadInspectionRow, atLine y: Int, isSelected: Bool, in canvas: inout Canvas
  ) {
    let base: Style = isSelected && isFocused ? .reverse : .plain
    if base != .plain {
      canvas.fill(Rect(x: 0, y: y, width: bounds.width, height: 1), with: .blank(base))
    }
    if isSelected { canvas.put("›", at: Point(x: 0, y: y), style: base.adding(.bold)) }
    let values = LoadInspectorColumns.values(of: row)
    let errorStyle = base.foreground(.red)
    for (index, rect) in LoadInspectorColumns.rects(atLine: y, width: bounds.width).enumerated() {
      canvas.drawText(
        values[index], in: rect, alignment: LoadInspectorColumns.alignments[index],
        style: index == values.count - 1 ? errorStyle : base)
    }
  }

  /// The hints in scope (`Esc close` is the overlay's) that fit whole, an action the selected
  /// row does not have dimmed.
  private func drawHints(atLine y: Int, in canvas: inout Canvas) {
    let row = selectedRow
    let available = [
      "r": row?.refetch != nil, "i": row?.invalidate != nil, "x": row?.remove != nil,
    ]
    var x = 0
    for hint in keyHintsInScope {
      let start = x == 0 ? 0 : x + 2
      guard start + hint.key.cellWidth + 1 + hint.action.cellWidth <= bounds.width else { break }
      let style: Style = available[hint.key] == false ? .dim : .plain
      x = start + canvas.drawText(hint.key, at: Point(x: start, y: y), style: style.adding(.bold))
      x += canvas.drawText(" " + hint.action, at: Point(x: x, y: y), style: style)
    }
  }
}

/// A scrolling, selectable list of rows of any ``ListRowDisplayable`` types, one row per line.
///
/// ↑/↓ and j/k move the selection, PgUp/PgDn by a page, Home/End to the ends; the list scrolls
/// so the selection stays visible. Enter calls ``onActivate`` with the selected row. A click
/// selects a row and a click on the selected row (the second of a double click) activates it;
/// the wheel scrolls without moving the selection. Titles
/// and details are truncated by cell width with `…`; badges are right-aligned.
///
/// Drawing reads only the rows on screen, so a list of a million rows draws as fast as a list
/// of ten, and moving the selection within the visible rows redraws just the two rows that
/// changed (``rowDrawCount`` counts what was drawn).
@MainActor
public final class ListScreen: Screen {
  /// The rows, in order; setting them keeps the selection on the same row where it can.
  ///
  /// The selected row is found again by title (at its old index first, then anywhere);
  /// otherwise the selection keeps its index, clamped to the new rows. Setting rows does not
  /// call ``onSelect``.
  public var rows: [any ListRowDisplayable] {
    didSet { rowsDidChange(from: oldValue) }
  }
  /// The text drawn in the middle when there are no rows.
  public var emptyMessage: String {
    didSet { if rows.isEmpty { setNeedsDisplay() } }
  }
  /// Called with the index and row whenever the selection moves to another row.
  public var onSelect: (@MainActor (Int, any ListRowDisplayable) -> Void)?
  /// Called with the index and row when Enter is pressed on the selection.
  public var onActivate: (@MainActor (Int, any ListRowDisplayable) -> Void)?

  /// The index of the selected row; `nil` only when there are no rows.
  public private(set) var selectedIndex: Int?
  /// The index of the row drawn on the first line.
  public private(set) var scrollOffset = 0
  /// How many rows all `draw(in:)` calls have drawn so far: a diagnostic for tests that check
  /// drawing cost.
  public private(set) var rowDrawCount = 0

  /// Creates a list; the first row, if any, is selected.
  public init(rows: [any ListRowDisplayable], emptyMessage: String = "Nothing here") {
    self.rows = rows
    self.emptyMessage = emptyMessage
    self.selectedIndex = rows.isEmpty ? nil : 0
    super.init()
    self.keyHints = [KeyHint("↑↓", "move"), KeyHint(.enter, "open")]
  }

  /// The selected row, if any.
  public var selectedRow: (any ListRowDisplayable)? {
    selectedIndex.map { rows[$0] }
  }

  /// A list takes focus so that its keys reach it.
  public override var canBecomeFocused: Bool { true }

  /// The selected row's first cell, where its marker is; the top-left while it is scrolled
  /// out of view or there are no rows.
  public override var focusPoint: Point? {
    guard let selected = selectedIndex, selected >= scrollOffset,
      selected - scrollOffset < bounds.height
    else { return nil }
    return Point(x: 0, y: selected - scrollOffset)
  }

  /// A list of its rows' count, its selected row the item (its accessibility label, with its
  /// detail and badge said only when it is said whole); the empty message as its value when
  /// there are no rows.
  public override var semantics: Semantics? {
    guard let selected = selectedIndex else {
      return Semantics(role: .list, value: emptyMessage)
    }
    let row = rows[selected]
    let detail = [row.detail, row.badge].compactMap { part in
      part.flatMap { $0.isEmpty ? nil : $0 }
    }.joined(separator: ", ")
    return Semantics(
      role: .list, value: rows.count == 1 ? "1 item" : "\(rows.count) items",
      item: Semantics.Item(
        index: selected, count: rows.count, label: row.accessibilityLabel,
        detail: detail.isEmpty ? nil : detail))
  }

  /// Selects the row at `index` (clamped to the rows) and scrolls it into view.
  public func select(_ index: Int) {
    guard !rows.isEmpty else { return }
    let target = min(max(0, index), rows.count - 1)
    guard target != selectedIndex else { return }
    let old = selectedIndex
    selectedIndex = target
    if scrollToSelection() {
      setNeedsDisplay()
    } else {
      if let old { setNeedsDisplay(inRow: old) }
      setNeedsDisplay(inRow: target)
    }
    onSelect?(target, rows[target])
  }

  // MARK: Screen

  /// Keeps the selection visible at the new height.
  public override func layoutChildren() {
    super.layoutChildren()
    scrollToSelection()
  }

  /// Draws the rows that intersect the area being redrawn, or the empty message.
  public override func draw(in canvas: inout Canvas) {
    guard !rows.isEmpty else {
      let middle = Rect(x: 0, y: bounds.height / 2, width: bounds.width, height: 1)
      canvas.drawText(emptyMessage, in: middle, alignment: .center, style: .dim)
      return
    }
    // NB: only the rows inside the redrawn area are read; that keeps huge lists cheap.
    let area = canvas.visibleBounds
    let last = min(area.maxY, rows.count - scrollOffset)
    guard area.minY < last else { return }
    for y in area.minY..<last {
      drawRow(scrollOffset + y, atLine: y, in: &canvas)
    }
  }

  /// Moves the selection with the arrows, j/k, the page keys, Home and End; Enter activates.
  public override func handle(_ key: Key) -> Bool {
    guard let selected = selectedIndex else { return false }
    if key == .enter {
      guard let onActivate else { return false }
      onActivate(selected, rows[selected])
      return true
    }
    guard
      let target = ScrollKeys.target(
        of: key, from: selected, page: bounds.height, end: rows.count - 1)
    else { return false }
    select(target)
    return true
  }

  /// Selects the clicked row, activates the selected row when it is clicked again, and
  /// scrolls on the wheel.
  public override func handleMouse(_ event: MouseEvent) -> Bool {
    if let delta = event.wheelDelta {
      let height = bounds.height
      let target = min(
        max(0, scrollOffset + delta * MouseEvent.linesPerWheelNotch), max(0, rows.count - height))
      if target != scrollOffset {
        scrollOffset = target
        setNeedsDisplay()
      }
      return true
    }
    guard event.isClick else { return false }
    let index = scrollOffset + event.position.y
    guard rows.indices.contains(index) else { return false }
    if index == selectedIndex {
      guard let onActivate else { return false }
      onActivate(index, rows[index])
    } else {
      select(index)
    }
    return true
  }

  // MARK: Rows

  private func drawRow(_ index: Int, atLine y: Int, in canvas: inout Canvas) {
    rowDrawCount += 1
    let row = rows[index]
    let width = bounds.width
    let isSelected = index == selectedIndex
    let base: Style = isSelected && isFocused ? .reverse : .plain
    if base != .plain { canvas.fill(Rect(x: 0, y: y, width: width, height: 1), with: .blank(base)) }
    if isSelected { canvas.put("›", at: Point(x: 0, y: y), style: base.adding(.bold)) }
    // The text runs from column 2 to one column short of the edge.
    var end = width - 1
    if let badge = row.badge, !badge.isEmpty {
      let label = badge.truncated(toWidth: max(0, (width - 3) / 3))
      let labelWidth = label.cellWidth
      canvas.drawText(label, at: Point(x: end - labelWidth, y: y), style: base)
      end -= labelWidth + 1
    }
    let titleStyle = isSelected ? base.adding(.bold) : base
    let titleEnd =
      2
      + canvas.drawText(
        row.title, in: Rect(x: 2, y: y, width: end - 2, height: 1), style: titleStyle)
    if let detail = row.detail, !detail.isEmpty, end - titleEnd > 3 {
      canvas.drawText(
        detail, in: Rect(x: titleEnd + 2, y: y, width: end - titleEnd - 2, height: 1),
        style: base.adding(.dim))
    }
  }

  private func setNeedsDisplay(inRow index: Int) {
    let line = index - scrollOffset
    guard line >= 0, line < bounds.height else { return }
    setNeedsDisplay(in: Rect(x: 0, y: line, width: bounds.width, height: 1))
  }

  /// Scrolls as little as needed to show the selection; returns whether the offset changed.
  @discardableResult
  private func scrollToSelection() -> Bool {
    let height = bounds.height
    let old = scrollOffset
    if let selected = selectedIndex, height > 0 {
      if selected < scrollOffset {
        scrollOffset = selected
      } else if selected >= scrollOffset + height {
        scrollOffset = selected - height + 1
      }
      // A taller screen or fewer rows leave no blank lines at the bottom needlessly.
      scrollOffset = min(scrollOffset, max(0, rows.count - height))
    } else if selectedIndex == nil {
      scrollOffset = 0
    }
    return scrollOffset != old
  }

  private func rowsDidChange(from old: [any ListRowDisplayable]) {
    if rows.isEmpty {
      selectedIndex = nil
    } else if let previous = selectedIndex, previous < old.count {
      let title = old[previous].title
      if previous < rows.count, rows[previous].title == title {
        selectedIndex = previous
      } else if let found = rows.firstIndex(where: { $0.title == title }) {
        selectedIndex = found
      } else {
        selectedIndex = min(previous, rows.count - 1)
      }
    } else {
      selectedIndex = 0
    }
    scrollToSelection()
    setNeedsDisplay()
  }
}

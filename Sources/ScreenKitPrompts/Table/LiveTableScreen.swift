import ScreenKit
import ScreenKitLoading

/// A live table being shown: its title, the header, a page of rows with a pointer, a status line.
///
/// The rows come from a sequence of snapshots (the pointer stays on the same row, by
/// identity, as they change) or by index from pages a `LoadCache` loads, only those on screen.
///
/// The screen takes every key: ↑ ↓ (or k j), PgUp PgDn, Home End move; Enter chooses the row
/// pointed at; q or Esc ends with none; r loads again a page that failed.
@MainActor
final class LiveTableScreen<Row: Sendable>: Screen {
  static var frameInterval: Duration { .milliseconds(100) }
  /// The rows above and below the page: the title and the header, the status line.
  static var chromeRows: Int { 3 }

  /// Where the rows come from.
  enum Source {
    /// Snapshots of every row; `identity` names a row across snapshots.
    case snapshots(
      identity: (Row) -> AnyHashable,
      subscribe: (
        @escaping @MainActor ([Row]) -> Void, @escaping @MainActor (String) -> Void
      ) -> Task<Void, Never>)
    /// `count` rows by index, in pages of `pageSize` loaded by page number through `cache`.
    case pages(
      count: Int, pageSize: Int, cache: LoadCache<Int, [Row]>,
      load: @Sendable (Range<Int>) async throws -> [Row])
  }

  let tableTitle: String
  let columns: [TableColumn<Row>]
  let theme: PromptTheme
  let source: Source
  /// Prints one line above the region, into the scrollback.
  let printLine: @MainActor ([(text: String, style: Style)]) -> Void
  /// Ends the run with the row chosen, or none.
  let finish: @MainActor (Row?) -> Void

  /// The rows of the last snapshot; `nil` until the first comes.
  private(set) var snapshot: [Row]?
  /// Why the snapshots stopped, when they failed.
  private(set) var streamFailure: String?
  /// Why each page that failed did not load, by page number, until `r` loads it again.
  private(set) var pageFailures: [Int: String] = [:]
  /// The row pointed at, by index.
  private(set) var selected = 0
  /// The first row on screen.
  private(set) var scroll = 0
  /// The widest each column has been: columns grow as wider rows show, never shrink back.
  private var widest: [Int]
  private var tick = 0
  private var subscription: Task<Void, Never>?
  private var ended = false
  /// Why the last key did nothing; cleared by the next.
  private var message: String?

  init(
    title: String, columns: [TableColumn<Row>], theme: PromptTheme, source: Source,
    print: @escaping @MainActor ([(text: String, style: Style)]) -> Void,
    finish: @escaping @MainActor (Row?) -> Void
  ) {
    self.tableTitle = title
    self.columns = columns
    self.theme = theme
    self.source = source
    self.printLine = print
    self.finish = finish
    self.widest = columns.map(\.title.cellWidth)
    super.init()
    name = "LiveTable"
  }

  override var canBecomeFocused: Bool { true }

  /// The pointed row's first cell, its pointer: where a screen reader and a braille display,
  /// which follow the cursor, find the row a move went to.
  override var focusPoint: Point? {
    guard rowCount > 0, selected >= scroll, selected - scroll < pageHeight else { return nil }
    // NB: the title and the header are the two rows above the page.
    return Point(x: 0, y: 2 + selected - scroll)
  }

  override func didAppear() {
    _ = becomeFocused()
    if case .snapshots(_, let subscribe) = source, subscription == nil {
      subscription = subscribe(
        { [weak self] rows in self?.receive(rows) },
        { [weak self] failure in
          self?.streamFailure = failure
          self?.setNeedsDisplay()
        })
    }
    guard let ticker = stage?.ticker(interval: Self.frameInterval) else { return }
    tick = ticker.frame
    ticker.subscribe(self) { [weak self] frame in
      self?.tick = frame
      self?.loadVisiblePages()
      self?.setNeedsDisplay()
    }
    loadVisiblePages()
  }

  override func willDisappear() {
    stage?.ticker(interval: Self.frameInterval).unsubscribe(self)
    subscription?.cancel()
  }

  /// A list titled by the table, its pointed row the item: the text of its first column of
  /// words (aligned leading; numbers are aligned trailing) its label, what a move says; every
  /// column as "Title: text" its detail, said with the whole and on Ctrl-L in the accessible
  /// mode.
  ///
  /// The count is the item's, not a value: rows that stream in change it without a word. A
  /// row whose page is still loading says "loading", then its text once it came.
  override var semantics: Semantics? {
    var hints = [KeyHint("Enter", "choose"), KeyHint("q", "quit")]
    if !pageFailures.isEmpty { hints.append(KeyHint("r", "retry")) }
    let value = streamFailure.map { "stopped: \($0)" }
    guard rowCount > 0 else {
      return Semantics(
        role: .list, label: tableTitle, value: value ?? "no rows yet", hints: hints)
    }
    var item = Semantics.Item(index: selected, count: rowCount, label: "loading")
    if let row = row(at: selected), let first = labelColumn {
      item.label = first.value(row)
      let cells = columns.map { "\($0.title): \($0.value(row))" }
      item.detail = cells.joined(separator: ", ")
    }
    return Semantics(role: .list, label: tableTitle, value: value, item: item, hints: hints)
  }

  /// The column a row is called by: the first aligned leading, else the first.
  private var labelColumn: TableColumn<Row>? {
    for column in columns where column.alignment == .leading { return column }
    return columns.first
  }

  // MARK: Rows

  /// How many rows there are: the snapshot's, or the paged source's count.
  var rowCount: Int {
    switch source {
    case .snapshots: snapshot?.count ?? 0
    case .pages(let count, _, _, _): count
    }
  }

  /// The row at `index`, when it is there: `nil` for a page not loaded.
  func row(at index: Int) -> Row? {
    switch source {
    case .snapshots:
      guard let snapshot, snapshot.indices.contains(index) else { return nil }
      return snapshot[index]
    case .pages(_, let pageSize, let cache, _):
      guard let page = cache.value(forKey: index / pageSize) else { return nil }
      let offset = index % pageSize
      return page.indices.contains(offset) ? page[offset] : nil
    }
  }

  /// Takes a new snapshot, the pointer kept on the row it was on (by identity), or at the same
  /// place when that row is gone.
  func receive(_ rows: [Row]) {
    guard case .snapshots(let identity, _) = source else { return }
    let pointed = row(at: selected).map(identity)
    snapshot = rows
    if let pointed, let index = rows.firstIndex(where: { identity($0) == pointed }) {
      selected = index
    }
    clampSelection()
    setNeedsDisplay()
  }

  /// The rows a page shows.
  var pageHeight: Int { max(1, bounds.height - Self.chromeRows) }

  /// The rows on screen now.
  var visibleRange: Range<Int> { scroll..<min(rowCount, scroll + pageHeight) }

  /// Starts loading each page on screen that is neither held, nor loading, nor failed.
  func loadVisiblePages() {
    guard case .pages(let count, let pageSize, let cache, let load) = source,
      let scheduler = stage?.scheduler, !visibleRange.isEmpty
    else { return }
    for page in (visibleRange.lowerBound / pageSize)...((visibleRange.upperBound - 1) / pageSize)
    where pageFailures[page] == nil && !cache.isLoading(page)
      && cache.value(forKey: page) == nil
    {
      let range = page * pageSize..<min(count, (page + 1) * pageSize)
      cache.prefetch(page, on: scheduler) { [weak self] in
        do {
          return try await load(range)
        } catch {
          // NB: the cache keeps no failure; the screen keeps it, so the page is not loaded
          // again on every frame but when `r` asks.
          await self?.pageDidFail(page, String(describing: error))
          throw error
        }
      }
    }
  }

  private func pageDidFail(_ page: Int, _ message: String) {
    pageFailures[page] = message
    setNeedsDisplay()
  }

  // MARK: Keys

  override func handle(_ key: Key) -> Bool {
    message = nil
    switch key {
    case .up, .character("k"), .control("p"): move(to: selected - 1)
    case .down, .character("j"), .control("n"): move(to: selected + 1)
    case .pageUp: move(to: selected - max(1, pageHeight - 1))
    case .pageDown: move(to: selected + max(1, pageHeight - 1))
    case .home, .character("g"): move(to: 0)
    case .end, .character("G"): move(to: rowCount - 1)
    case .character("r"): retry()
    case .enter: choose()
    case .character("q"), .escape: end(with: nil)
    default: return false
    }
    loadVisiblePages()
    setNeedsDisplay()
    return true
  }

  private func move(to index: Int) {
    selected = index
    clampSelection()
  }

  private func clampSelection() {
    selected = max(0, min(selected, rowCount - 1))
    keepSelectionVisible()
  }

  private func keepSelectionVisible() {
    if selected < scroll { scroll = selected }
    if selected >= scroll + pageHeight { scroll = selected - pageHeight + 1 }
    scroll = max(0, min(scroll, rowCount - pageHeight))
  }

  private func retry() {
    streamFailure = nil
    guard case .pages(_, let pageSize, _, _) = source else { return }
    for index in visibleRange { pageFailures[index / pageSize] = nil }
  }

  private func choose() {
    guard rowCount > 0 else { return }
    guard let row = row(at: selected) else {
      message = "that row is still loading"
      return
    }
    end(with: row)
  }

  /// Leaves the rows on screen in the scrollback as plain lines, then ends.
  private func end(with row: Row?) {
    guard !ended else { return }
    ended = true
    let rows = visibleRange.compactMap(row(at:))
    for line in TableLayout.plainLines(columns: columns, rows: rows, available: bounds.width) {
      printLine([(line, .plain)])
    }
    finish(row)
  }

  override func layoutChildren() {
    keepSelectionVisible()
    loadVisiblePages()
  }

  // MARK: Drawing

  /// The layout of the columns for what is on screen, fitted to the width.
  func layout() -> TableLayout {
    let values = visibleRange.compactMap(row(at:)).map { row in
      columns.map { TableLayout.flattened($0.value(row)) }
    }
    let natural = TableLayout.naturalWidths(titles: columns.map(\.title), values: values)
    widest = zip(widest, natural).map { max($0, $1) }
    let pointerWidth = theme.symbols.pointer.cellWidth + 1
    return TableLayout(
      rules: columns.map(\.width), natural: widest, available: max(1, bounds.width - pointerWidth))
  }

  override func draw(in canvas: inout Canvas) {
    let layout = layout()
    let alignments = columns.map(\.alignment)
    let spinner = theme.symbols.spinner[tick % theme.symbols.spinner.count]
    let x = canvas.drawText(theme.symbols.question, at: .zero, style: theme.questionMark) + 1
    canvas.drawText(tableTitle, at: Point(x: x, y: 0), style: theme.question)
    let indent = theme.symbols.pointer.cellWidth + 1
    canvas.drawText(
      layout.line(columns.map(\.title), alignments: alignments), at: Point(x: indent, y: 1),
      style: theme.hint.adding(.underline))
    if rowCount == 0 {
      let text: String
      if let streamFailure {
        text = "\(theme.symbols.error) \(streamFailure)"
      } else {
        text = snapshot == nil ? "\(spinner) loading rows" : "no rows"
      }
      canvas.drawText(text, at: Point(x: indent, y: 2), style: theme.hint)
    }
    var shownNotice = Set<Int>()
    for (line, index) in visibleRange.enumerated() {
      let y = line + 2
      if let row = row(at: index) {
        let pointed = index == selected
        if pointed {
          canvas.drawText(theme.symbols.pointer, at: Point(x: 0, y: y), style: theme.pointed)
        }
        canvas.drawText(
          layout.line(columns.map { TableLayout.flattened($0.value(row)) }, alignments: alignments),
          at: Point(x: indent, y: y), style: pointed ? theme.pointed : .plain)
      } else if case .pages(let count, let pageSize, _, _) = source {
        // NB: one notice a page, on its first row on screen; the page's other rows stay empty.
        let page = index / pageSize
        guard shownNotice.insert(page).inserted else { continue }
        let first = page * pageSize + 1
        let last = min(count, (page + 1) * pageSize)
        if let failure = pageFailures[page] {
          canvas.drawText(
            "\(theme.symbols.error) rows \(first)-\(last) did not load: \(failure) (r retries)",
            at: Point(x: indent, y: y), style: theme.error)
        } else {
          canvas.drawText(
            "\(spinner) loading rows \(first)-\(last)", at: Point(x: indent, y: y),
            style: theme.hint)
        }
      }
    }
    drawStatus(at: bounds.height - 1, in: &canvas)
  }

  private func drawStatus(at y: Int, in canvas: inout Canvas) {
    guard y > 1 else { return }
    if let message {
      canvas.drawText(
        "\(theme.symbols.error) \(message)", at: Point(x: 0, y: y), style: theme.error)
      return
    }
    var status = rowCount > 0 ? "\(selected + 1) of \(rowCount)" : "0 rows"
    if case .snapshots = source, streamFailure != nil { status += ", stopped" }
    status += " · ↑↓ PgUp PgDn Home End · Enter chooses · q quits"
    canvas.drawText(status, at: Point(x: 0, y: y), style: theme.hint)
  }
}

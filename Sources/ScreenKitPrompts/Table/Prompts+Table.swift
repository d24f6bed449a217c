import ScreenKit
public import ScreenKitLoading

extension Prompts {
  /// Shows a live table of `rows`' snapshots at the cursor until the user chooses a row
  /// (Enter) or leaves (q, Esc); returns the row chosen, or `nil`.
  ///
  /// Each element of `rows` is every row as it is now: the table shows the latest while the
  /// user moves, and the pointer stays on the same row (by its `id`) as rows come and go.
  /// Columns are sized by display width (``TableColumnWidth``). When it ends, the rows on
  /// screen stay in the scrollback as plain aligned lines, and nothing else: the program says
  /// what it does with the row.
  ///
  /// When nobody's terminal can show it (``Interactivity``), or the variable `<PREFIX>_<ID>`
  /// is set, nothing is drawn: the first snapshot is printed as plain aligned lines (a header,
  /// then a row a line, no escape bytes), and the row whose first column reads the variable's
  /// value (in any case) is returned; `nil` without the variable. Ctrl-C ends the program as
  /// the terminal's interrupt does (status 130), the terminal put back.
  ///
  /// - Throws: ``PromptError/invalidAnswer(question:variable:answer:message:)`` when the
  ///   variable names no row; ``PromptError/terminalFailed(question:reason:)`` when the
  ///   terminal could not be set up.
  @MainActor
  public func table<Row: Identifiable & Sendable, Rows: AsyncSequence & Sendable>(
    _ title: String, id: String, columns: [TableColumn<Row>], rows: Rows, visibleRows: Int = 10
  ) async throws(PromptError) -> Row? where Rows.Element == [Row] {
    if case .notInteractive = tableInteractivity(id) {
      var first: [Row] = []
      do {
        for try await snapshot in rows {
          first = snapshot
          break
        }
      } catch {
        // NB: the rows printed are those that came; the error is the program's to report.
      }
      return try printPlain(title, id: id, columns: columns, rows: first)
    }
    let source = LiveTableScreen<Row>.Source.snapshots(
      identity: { AnyHashable($0.id) },
      subscribe: { receive, fail in
        Task { @MainActor in
          do {
            for try await snapshot in rows { receive(snapshot) }
          } catch {
            fail(String(describing: error))
          }
        }
      })
    return try await runTable(title, columns: columns, source: source, visibleRows: visibleRows)
  }

  /// Shows a live table of `count` rows by index, loaded a page of `pageSize` at a time by
  /// `loadPage` as the user scrolls, until the user chooses a row (Enter) or leaves (q, Esc);
  /// returns the row chosen, or `nil`.
  ///
  /// Only the pages on screen are loaded, through `cache` (a `LoadCache` keyed by page number:
  /// a page seen again shows at once, two screens share a load, the least recently used
  /// pages are dropped past its `countLimit`); a million rows cost the pages the user looks
  /// at. A page that fails says why on its first row; `r` loads it again. When it ends, the
  /// rows on screen stay in the scrollback as plain aligned lines.
  ///
  /// When nobody's terminal can show it (``Interactivity``), or the variable `<PREFIX>_<ID>`
  /// is set, nothing is drawn: the first `plainLimit` rows (the first page unless told) are
  /// loaded and printed as plain aligned lines, and the row whose first column reads the
  /// variable's value is returned; `nil` without the variable.
  ///
  /// - Throws: ``PromptError/invalidAnswer(question:variable:answer:message:)`` when the
  ///   variable names no row or the rows printed did not load;
  ///   ``PromptError/terminalFailed(question:reason:)`` when the terminal could not be set up.
  @MainActor
  public func table<Row: Sendable>(
    _ title: String, id: String, columns: [TableColumn<Row>], count: Int, pageSize: Int = 50,
    visibleRows: Int = 10, plainLimit: Int? = nil,
    cache: LoadCache<Int, [Row]> = LoadCache(name: "table pages", countLimit: 20),
    loadPage: @escaping @Sendable (Range<Int>) async throws -> [Row]
  ) async throws(PromptError) -> Row? {
    let count = max(0, count)
    let pageSize = max(1, pageSize)
    if case .notInteractive = tableInteractivity(id) {
      let limit = min(count, max(0, plainLimit ?? pageSize))
      var rows: [Row] = []
      do {
        if limit > 0 { rows = try await loadPage(0..<limit) }
      } catch {
        throw .invalidAnswer(
          question: title, variable: variableName(for: id), answer: nil,
          message: "the rows did not load: \(error)")
      }
      return try printPlain(title, id: id, columns: columns, rows: rows)
    }
    let source = LiveTableScreen<Row>.Source.pages(
      count: count, pageSize: pageSize, cache: cache, load: loadPage)
    return try await runTable(title, columns: columns, source: source, visibleRows: visibleRows)
  }

  /// The answer given for `id`, by the program or the environment.
  private func givenAnswer(_ id: String) -> String? {
    answers[id] ?? environment.value(variableName(for: id))
  }

  /// Not interactive when nobody can be asked, or when the answer is given.
  @MainActor
  private func tableInteractivity(_ id: String) -> Interactivity {
    if givenAnswer(id) != nil { return .notInteractive(reason: "the answer is given") }
    return environment.interactivity()
  }

  /// Writes `rows` as plain lines; returns the row the given answer names, if any.
  private func printPlain<Row>(
    _ title: String, id: String, columns: [TableColumn<Row>], rows: [Row]
  ) throws(PromptError) -> Row? {
    for line in TableLayout.plainLines(columns: columns, rows: rows) {
      environment.writeLine(line)
    }
    guard let given = givenAnswer(id) else { return nil }
    guard let first = columns.first,
      let row = rows.first(where: { first.value($0).lowercased() == given.lowercased() })
    else {
      throw .invalidAnswer(
        question: title, variable: variableName(for: id), answer: given,
        message: "no row of the \(rows.count) shown has it in its first column")
    }
    return row
  }

  @MainActor
  private func runTable<Row: Sendable>(
    _ title: String, columns: [TableColumn<Row>], source: LiveTableScreen<Row>.Source,
    visibleRows: Int
  ) async throws(PromptError) -> Row? {
    let theme = effectiveTheme
    let ended: TableEnd<Row>?
    do {
      ended = try await InlineRun.run(
        rows: max(1, visibleRows) + LiveTableScreen<Row>.chromeRows
      ) { (context: InlineRunContext<TableEnd<Row>>) in
        LiveTableScreen(
          title: title, columns: columns, theme: theme, source: source,
          print: { context.print($0) }, finish: { context.finish(TableEnd(row: $0)) })
      }
    } catch {
      throw .terminalFailed(question: title, reason: error.description)
    }
    return ended?.row
  }
}

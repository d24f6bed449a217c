#if os(Linux)
  import Foundation
  import Testing

  /// The terminal's cursor rests on the focused element after every frame, full screen and
  /// inline, as a screen reader or a braille display finds it: the demo driven through 50 keys
  /// (moves, opening and going back, Tab, a load that fails and its retry, the load inspector)
  /// on a terminal emulator that tracks the cursor.
  ///
  /// What has focus is read from the screen as a user sees it, never from the program: the
  /// `[r] Retry` of an error, the marker `›` of the focused list's selected row (a focused
  /// list draws its selected row in reverse video and the marker bold), the spinner's glyph
  /// (two cells before its label), or the first character of a detail's top line.
  @Suite(
    "The cursor follows focus",
    .enabled(if: ScrollbackTerminal.isAvailable, "python3 with pyte is not installed"))
  struct CursorFollowsFocusTests {
    /// What a step waits for before its frame is checked.
    enum Until {
      /// A frame after the key, or none within a moment (a key with nothing to change).
      case settled
      /// A frame after the key that shows this text.
      case shows(String)
      /// A frame after the key without this text.
      case hides(String)
      /// A frame after the key that shows an episode's detail, loaded.
      case detail
    }

    /// One key and what its frame shows.
    struct Step: CustomStringConvertible {
      var name: String
      var bytes: [UInt8]
      var until: Until

      var description: String { name }

      init(_ name: String, _ key: String, _ until: Until = .settled) {
        self.name = name
        bytes = Array(key.utf8)
        self.until = until
      }
    }

    static let down = "\u{1B}[B"
    static let up = "\u{1B}[A"
    static let escape = "\u{1B}"
    static let f12 = "\u{1B}[24~"
    static let listShown = "collections"

    /// Fifty keys: the list's two failed loads retried, moves, details opened and left, a
    /// collection, Tab, the inspector opened, moved in and closed.
    static let steps: [Step] = {
      var steps: [Step] = [
        Step("r: retry, fails again", "r", .shows("[r] Retry")),
        Step("r: retry, loads", "r", .shows(listShown)),
      ]
      steps += (1...5).map { Step("↓ \($0)", down) }
      steps += [
        Step("k", "k"), Step("j", "j"),
        Step("Enter: an episode", "\r", .detail),
        Step("↓ in the detail", down),
        Step("Esc: back", escape, .shows(listShown)),
        Step("PgDn", "\u{1B}[6~"), Step("PgUp", "\u{1B}[5~"), Step("Home", "\u{1B}[H"),
        Step("Enter: a collection", "\r", .hides(listShown)),
      ]
      steps += (1...3).map { Step("↓ \($0) in the collection", down) }
      steps += [
        Step("Enter: an episode of the collection", "\r", .detail),
        Step("Esc: back to the collection", escape),
        Step("Esc: back to the series", escape, .shows(listShown)),
        Step("Tab", "\t"),
        Step("F12: the inspector", f12, .shows("STATE")),
        Step("↓ in the inspector", down), Step("↓ in the inspector", down),
        Step("↑ in the inspector", up),
        Step("F12: closed", f12, .hides("STATE")),
        Step("End", "\u{1B}[F"), Step("↑", up), Step("↑", up),
        Step("Enter: the episode", "\r", .detail),
        Step("r: refresh the detail", "r"),
        Step("Esc: back", escape, .shows(listShown)),
        Step("Tab", "\t"),
        Step("F12: the inspector", f12, .shows("STATE")),
        Step("Tab in the inspector", "\t"),
        Step("Esc: the inspector closed", escape, .hides("STATE")),
      ]
      steps += (1...3).map { Step("j \($0)", "j") }
      steps += (1...3).map { Step("k \($0)", "k") }
      steps += [
        Step("Enter: an episode", "\r", .detail),
        Step("Esc: back", escape, .shows(listShown)),
        Step("Home", "\u{1B}[H"),
        Step("Enter: a collection", "\r", .hides(listShown)),
        Step("↓ in the collection", down),
        Step("Esc: back", escape, .shows(listShown)),
      ]
      return steps
    }()

    @Test func thereAreFiftyKeys() {
      #expect(Self.steps.count == 50)
    }

    // NB: full screen only: inline, a cursor that does not show rests at the region's top,
    // where a resize cannot push the region's rows into the scrollback (CursorRest).
    @Test(arguments: [false])
    func afterEveryFrameTheCursorIsOnTheFocusedElement(inline: Bool) async throws {
      var arguments = ["--fail-first", "2", "--latency", "0.3"]
      if inline { arguments += ["--inline", "--height", "16"] }
      try await drive(arguments, showsFocus: false)
    }

    @Test(arguments: [false, true])
    func withShowFocusTheCursorShowsOnTheFocusedElement(inline: Bool) async throws {
      var arguments = ["--fail-first", "2", "--latency", "0.3", "--show-focus"]
      if inline { arguments += ["--inline", "--height", "16"] }
      try await drive(arguments, showsFocus: true)
    }

    /// Runs the demo with `arguments` through the steps, checking every whole frame.
    private func drive(_ arguments: [String], showsFocus: Bool) async throws {
      let terminal = try ScrollbackTerminal(
        command: [try DemoBinary.require()] + arguments, columns: 80, rows: 24,
        history: (1...30).map { "history \($0)" })
      defer { terminal.close() }
      var checks = Checks(showsFocus: showsFocus)
      var snapshot = try await settle(terminal, after: -1, until: .shows("[r] Retry"), &checks)
      for step in Self.steps {
        let mark = snapshot.received
        try terminal.send(bytes: step.bytes)
        snapshot = try await settle(terminal, after: mark, until: step.until, &checks, step: step)
      }
      try terminal.type("q")
      #expect(try await terminal.waitForExit() == .exited(0))
      // NB: a key that changes nothing (Tab with one focusable screen) makes no new frame: the
      // frame it settled on is the one checked before it.
      #expect(checks.keys == 50)
      let misses = checks.misses.joined(separator: "\n\n")
      #expect(
        checks.misses.isEmpty,
        "\(checks.misses.count) of \(checks.frames) frames left the cursor off the focus:\n\(misses)"
      )
    }

    /// The frames checked, and those whose cursor was not on the focus.
    struct Checks {
      /// Whether the cursor must show (`--show-focus`) or stay hidden.
      var showsFocus = false
      var frames = 0
      var keys = 0
      var misses: [String] = []
      var checked: Set<Int> = []

      /// Checks a whole frame (the terminal received nothing more for a moment) once.
      mutating func check(_ snapshot: ScrollbackTerminal.Snapshot, after step: Step?) {
        guard checked.insert(snapshot.received).inserted,
          let focus = CursorFollowsFocusTests.focusedCell(in: snapshot)
        else { return }
        frames += 1
        // NB: the demo's browser has no text field: without --show-focus the cursor is hidden.
        if snapshot.cursor != focus || snapshot.cursorHidden == showsFocus {
          misses.append(
            "after \(step?.name ?? "the start"): the focus at \(focus), "
              + (showsFocus ? "shown" : "hidden") + ":\n\(snapshot)")
        }
      }
    }

    /// Waits for the frames of a key until one is what `until` says, checking every whole
    /// frame met on the way (``ScrollbackTerminal/wholeFrame(timeout:quiet:_:)``).
    @discardableResult
    private func settle(
      _ terminal: ScrollbackTerminal, after mark: Int, until: Until, _ checks: inout Checks,
      step: Step? = nil
    ) async throws -> ScrollbackTerminal.Snapshot {
      let start = ContinuousClock.now
      let (frame, last) = try await terminal.wholeFrame(timeout: .seconds(30)) { snapshot in
        checks.check(snapshot, after: step)
        return Self.focusedCell(in: snapshot) != nil
          && Self.isDone(until, snapshot, after: mark, since: start)
      }
      guard let frame else {
        Issue.record("no frame \(until) after \(step?.name ?? "the start"):\n\(last)")
        throw E2EError("no frame after \(step?.name ?? "the start")")
      }
      if step != nil { checks.keys += 1 }
      return frame
    }

    /// Whether `snapshot`, a whole frame, is the one a key waits for.
    private static func isDone(
      _ until: Until, _ snapshot: ScrollbackTerminal.Snapshot, after mark: Int,
      since start: ContinuousClock.Instant
    ) -> Bool {
      let changed = snapshot.received > mark
      switch until {
      case .settled: return changed || ContinuousClock.now - start > .milliseconds(400)
      case .shows(let text): return changed && snapshot.screen.contains(text)
      case .hides(let text): return changed && !snapshot.screen.contains(text)
      case .detail:
        return changed && detailTopRow(in: snapshot) != nil
          && !snapshot.screen.contains("Loading…")
      }
    }

    // MARK: The focused element, as the screen shows it

    /// The cell of the focused element, or `nil` where the screen shows none: a load not yet
    /// shown, say, or a frame half drawn.
    static func focusedCell(in snapshot: ScrollbackTerminal.Snapshot) -> ScrollbackTerminal
      .Position?
    {
      let rows = snapshot.display
      if let retry = cells(of: "[r] Retry", in: rows).first { return retry }
      // NB: the breadcrumb's separator is a `›` too, bold in the reverse title bar: a row's
      // marker is the first thing on its row, or inside an overlay's border.
      let markers = cells(of: "›", in: rows).filter { cell in
        let line = rows[cell.row].drop { $0 == " " || $0 == "│" }
        let emphasis = Array(
          snapshot.emphasis.indices.contains(cell.row) ? snapshot.emphasis[cell.row] : "")
        return line.first == "›" && emphasis.indices.contains(cell.column)
          && emphasis[cell.column] == "R"
      }
      if markers.count == 1 { return markers[0] }
      if markers.count > 1 { return nil }
      // The spinner: a Braille pattern, a space, its label (the title bar says `Loading…`
      // too, after the breadcrumb's `›`).
      for label in cells(of: "Loading…", in: rows) where label.column >= 2 {
        let glyph = character(atCell: label.column - 2, in: rows[label.row])
        if let scalar = glyph?.unicodeScalars.first?.value, (0x2800...0x28FF).contains(scalar) {
          return .init(row: label.row, column: label.column - 2)
        }
      }
      if let row = detailTopRow(in: snapshot) { return .init(row: row, column: 1) }
      return nil
    }

    /// The top row of an episode's detail, where one shows: the row under the title bar
    /// (`Episodes › #02  Loading View Controllers`) while the hint bar offers `s star`.
    static func detailTopRow(in snapshot: ScrollbackTerminal.Snapshot) -> Int? {
      let rows = snapshot.display
      guard let title = rows.firstIndex(where: { $0.hasPrefix(" Episodes › ") }),
        let hints = rows.lastIndex(where: { $0.contains("s star") }), hints > title + 1
      else { return nil }
      return title + 1
    }

    /// The cells where `text` starts, top to bottom: columns counted in cells, a wide
    /// character two.
    static func cells(of text: String, in rows: [String]) -> [ScrollbackTerminal.Position] {
      let wanted = Array(text)
      var found: [ScrollbackTerminal.Position] = []
      for (row, line) in rows.enumerated() {
        let characters = Array(line)
        guard characters.count >= wanted.count else { continue }
        var column = 0
        for index in 0...(characters.count - wanted.count) {
          if Array(characters[index..<index + wanted.count]) == wanted {
            found.append(.init(row: row, column: column))
          }
          column += width(of: characters[index])
        }
      }
      return found
    }

    /// The character that starts at the cell `column` of `line`, if one does.
    static func character(atCell column: Int, in line: String) -> Character? {
      var cell = 0
      for character in line {
        if cell == column { return character }
        if cell > column { return nil }
        cell += width(of: character)
      }
      return nil
    }

    /// The cells a character takes: two for the East Asian wide ranges the demo's data holds.
    static func width(of character: Character) -> Int {
      guard let scalar = character.unicodeScalars.first?.value else { return 1 }
      switch scalar {
      case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x20000...0x3FFFD:
        return 2
      default:
        return 1
      }
    }
  }
#endif

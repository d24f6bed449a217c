extension Canvas {
  /// Draws one line of text from a local point and returns the columns it covers.
  ///
  /// Text is measured in cells (`StringProtocol.cellWidth`): wide graphemes take two columns,
  /// combining marks and other zero-width graphemes none. Nothing raw reaches the grid:
  /// - a tab draws spaces up to the next multiple of 4 columns, counted from the start of
  ///   `text` (not from the canvas edge), so the same text always lays out the same way;
  /// - a line break (LF, CR, CR-LF, VT, FF, NEL, U+2028, U+2029) draws one space, so a
  ///   multi-line message stays readable on one row; use `wrapped(toWidth:)` for several rows;
  /// - any other control character draws U+FFFD.
  ///
  /// With `maxWidth`, drawing stops at that many columns; a wide grapheme that would cross
  /// the limit is left out whole, never cut in half. Parts outside the canvas are clipped
  /// but still counted, as `put(_:at:style:)` does.
  ///
  /// - Returns: The columns the drawn text covers from `point`, at most `maxWidth`.
  @discardableResult @inlinable
  public mutating func drawText(
    _ text: some StringProtocol, at point: Point, style: Style = .plain, maxWidth: Int? = nil
  ) -> Int {
    drawLine(text.concreteText, at: point, style: style, limit: maxWidth ?? .max)
  }

  /// `drawText(_:at:style:maxWidth:)` on a concrete text, with `limit` in place of no limit.
  @usableFromInline mutating func drawLine(
    _ text: Substring, at point: Point, style: Style, limit: Int
  ) -> Int {
    guard limit > 0 else { return 0 }
    let visible = visibleBounds
    let rowIsVisible = point.y >= visible.minY && point.y < visible.maxY

    // NB: printable ASCII skips grapheme breaking, which dominates the cost of a label, and
    // touches only the columns that can show.
    if let count = CellWidth.printableASCIICount(text) {
      return drawASCII(
        text.utf8, count: count, fromColumn: 0, at: point, style: style, limit: limit,
        visible: visible, rowIsVisible: rowIsVisible)
    }

    // NB: one scalar is one grapheme: a spinner's glyph or a border piece skips grapheme
    // breaking, which costs more than drawing the cell.
    var scalars = text.unicodeScalars.makeIterator()
    if let only = scalars.next(), scalars.next() == nil {
      return drawGrapheme(
        Character(only), atColumn: 0, at: point, style: style, limit: limit,
        rowIsVisible: rowIsVisible, visibleMaxX: visible.maxX) ?? 0
    }
    return drawMixed(
      text, at: point, style: style, limit: limit, visible: visible, rowIsVisible: rowIsVisible)
  }

  /// Text of printable ASCII and other graphemes (a spinner's glyph before its label, a bullet,
  /// an arrow): the runs of printable ASCII are drawn as all-ASCII text is, and only the other
  /// graphemes are broken out one by one.
  ///
  /// NB: a run's last byte is left to grapheme breaking when a non-ASCII scalar follows it,
  /// which may belong to its grapheme (`e` and U+0301 COMBINING ACUTE ACCENT); a boundary
  /// between two printable ASCII bytes, or before a control character, is always one.
  private mutating func drawMixed(
    _ text: Substring, at point: Point, style: Style, limit: Int, visible: Rect,
    rowIsVisible: Bool
  ) -> Int {
    var column = 0
    var rest = text
    while !rest.isEmpty {
      let bytes = rest.utf8
      var run = 0
      var end = bytes.startIndex
      while end < bytes.endIndex, bytes[end] >= 0x20, bytes[end] < 0x7F {
        run += 1
        end = bytes.index(after: end)
      }
      if run > 0, end < bytes.endIndex, bytes[end] >= 0x80 {
        run -= 1
        end = bytes.index(before: end)
      }
      if run > 0 {
        column = drawASCII(
          bytes[..<end], count: run, fromColumn: column, at: point, style: style, limit: limit,
          visible: visible, rowIsVisible: rowIsVisible)
        guard column < limit else { return column }
        rest = rest[end...]
        continue
      }
      guard
        let next = drawGrapheme(
          rest[rest.startIndex], atColumn: column, at: point, style: style, limit: limit,
          rowIsVisible: rowIsVisible, visibleMaxX: visible.maxX)
      else { return column }
      column = next
      guard column < limit else { return column }
      rest = rest[rest.index(after: rest.startIndex)...]
    }
    return column
  }

  /// Draws `count` bytes of printable ASCII from column `start` of the line (counted from
  /// `point`), up to `limit`; returns the column after them.
  private mutating func drawASCII(
    _ bytes: Substring.UTF8View, count: Int, fromColumn start: Int, at point: Point,
    style: Style, limit: Int, visible: Rect, rowIsVisible: Bool
  ) -> Int {
    let drawn = min(count, limit - start)
    let first = max(start, visible.minX - point.x)
    let end = min(start + drawn, visible.maxX - point.x)
    guard rowIsVisible, first < end else { return start + drawn }
    var index = bytes.index(bytes.startIndex, offsetBy: first - start)
    for column in first..<end {
      // NB: printable ASCII is displayable as it is, one column wide.
      put(
        displayable: Canvas.asciiCharacters[Int(bytes[index])], width: 1,
        at: point.offsetBy(dx: column, dy: 0), style: style)
      index = bytes.index(after: index)
    }
    return start + drawn
  }

  /// Draws one grapheme at column `column` of the line; returns the column after it.
  ///
  /// Returns `nil` when the grapheme does not fit before `limit`: the line ends before it. A
  /// tab is cut at the limit instead.
  private mutating func drawGrapheme(
    _ character: Character, atColumn column: Int, at point: Point, style: Style, limit: Int,
    rowIsVisible: Bool, visibleMaxX: Int
  ) -> Int? {
    // Graphemes past the right edge are only measured: the width is still owed to the caller.
    func isDrawn(_ column: Int) -> Bool {
      rowIsVisible && point.x + column < visibleMaxX
    }
    if character.isTab {
      let end = min(column + character.advance(atColumn: column), limit)
      for column in column..<max(column, end) where isDrawn(column) {
        put(" ", at: point.offsetBy(dx: column, dy: 0), style: style)
      }
      return max(column, end)
    }
    let (glyph, width) = Canvas.displayable(character.isNewline ? " " : character)
    guard column + width <= limit else { return nil }
    if width > 0, isDrawn(column) {
      put(displayable: glyph, width: width, at: point.offsetBy(dx: column, dy: 0), style: style)
    }
    return column + width
  }

  /// The ASCII characters by code, built once: making a `Character` from a byte is slow.
  private static let asciiCharacters: [Character] = (0..<128).map {
    Character(Unicode.Scalar(UInt8($0)))
  }

  /// Draws one line of text on the first row of a local rectangle, aligned and truncated.
  ///
  /// Text wider than the rectangle is shortened with `truncated(toWidth:ellipsis:)` and a
  /// trailing `…`. Cells of the row the text does not cover are left as they were; fill the
  /// rectangle first for a background.
  ///
  /// - Returns: The columns the drawn text covers.
  @discardableResult
  public mutating func drawText(
    _ text: some StringProtocol, in rect: Rect, alignment: TextAlignment = .leading,
    style: Style = .plain
  ) -> Int {
    guard !rect.isEmpty else { return 0 }
    let line = text.truncated(toWidth: rect.width)
    let spare = rect.width - line.cellWidth
    let offset: Int
    switch alignment {
    case .leading: offset = 0
    case .center: offset = spare / 2
    case .trailing: offset = spare
    }
    return drawText(
      line, at: Point(x: rect.minX + offset, y: rect.minY), style: style,
      maxWidth: rect.width - offset)
  }
}

extension StringProtocol {
  /// The text shortened to at most `width` cells, ending in `ellipsis` when anything was cut.
  ///
  /// Text that fits is returned unchanged. Otherwise the result keeps the longest prefix of
  /// whole graphemes that leaves room for the ellipsis (measured on its own) and appends it.
  /// A wide grapheme that would cross the limit is dropped rather than split, so the result
  /// may be one cell narrower than `width`; it is not padded (see `padded(toWidth:)`). When
  /// even the ellipsis does not fit, the text is cut to `width` without one. A `width` of
  /// zero or less gives the empty string.
  public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    let text = concreteText
    guard CellWidth.of(text: text) > width else { return String(text) }
    let ellipsisWidth = ellipsis.cellWidth
    let showsEllipsis = ellipsisWidth <= width
    let room = showsEllipsis ? width - ellipsisWidth : width
    if CellWidth.printableASCIICount(text) != nil {
      return String(text.prefix(room)) + (showsEllipsis ? ellipsis : "")
    }
    var result = ""
    var column = 0
    for character in text {
      let advance = character.advance(atColumn: column)
      if column + advance > room { break }
      result.append(character)
      column += advance
    }
    return showsEllipsis ? result + ellipsis : result
  }

  /// The text followed by spaces up to `width` cells; text already that wide is unchanged.
  public func padded(toWidth width: Int) -> String {
    let text = concreteText
    let missing = width - CellWidth.of(text: text)
    guard missing > 0 else { return String(text) }
    // NB: the first space can join the last grapheme (one ending in a prepended mark takes
    // it in) and add no width; the spaces after it are graphemes of their own.
    var padded = String(text) + " "
    let stillMissing = width - CellWidth.of(text: padded[...])
    if stillMissing > 0 { padded += String(repeating: " ", count: stillMissing) }
    return padded
  }
}

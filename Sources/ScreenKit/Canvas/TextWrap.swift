extension StringProtocol {
  /// The text broken into lines of at most `width` cells, for drawing one line per row.
  ///
  /// - Line breaks (LF, CR, CR-LF, VT, FF, NEL, U+2028, U+2029) end paragraphs; each one
  ///   terminates a line, so `"a\n"` gives `["a"]`, `"a\n\nb"` gives `["a", "", "b"]`, and
  ///   the empty string gives `[]`.
  /// - Latin and other spaced scripts break at spaces (U+0020, tab, U+3000, U+200B ZWSP and
  ///   the other breaking spaces; never at U+00A0 NBSP). The spaces at a break are dropped,
  ///   and no line ends in spaces; a paragraph's leading spaces are kept as its indent when
  ///   its first word fits after them.
  /// - Wide graphemes (CJK ideographs, kana, Hangul, emoji) may break before and after any
  ///   of them without a space, except before closing punctuation (`、。」）,.!?` and the
  ///   like) and after opening punctuation (`「（(` and the like). U+2060 WORD JOINER and
  ///   other zero-width graphemes glue their neighbours.
  /// - A word wider than the line is split between graphemes, filling the current line first.
  /// - Graphemes are never split. Tabs become spaces up to the next multiple of 4 columns of
  ///   their line, so every line's `cellWidth` is at most `width`; when `width` is 1, a wide
  ///   grapheme cannot fit and becomes `…`.
  /// - A `width` of zero or less gives `[]`.
  public func wrapped(toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var paragraph = ParagraphWrapper(width: width)
    for character in concreteText {
      if character.isNewline {
        lines += paragraph.finish()
        paragraph = ParagraphWrapper(width: width)
      } else {
        paragraph.add(character)
      }
    }
    if !paragraph.isEmpty { lines += paragraph.finish() }
    return lines
  }
}

/// Greedy line filling for one paragraph: groups of graphemes that must stay together,
/// separated by spaces or by break opportunities between wide graphemes.
private struct ParagraphWrapper {
  /// The widest a line may be, in cells; at least 1.
  let width: Int
  /// The finished lines of the paragraph.
  private var lines: [String] = []
  /// The line being filled, without the spaces that may end it.
  private var line = ""
  /// The cells `line` covers.
  private var column = 0
  /// Spaces after `line`, kept only if another group follows on the same line.
  private var pendingSpaces: [Character] = []
  /// The graphemes that cannot be broken apart yet.
  private var group: [Character] = []
  /// The cells `group` covers.
  private var groupWidth = 0
  /// Whether the last grapheme added to `group` was wide.
  private var groupEndsWide = false
  /// Whether a zero-width grapheme asked to keep the next grapheme in the group.
  private var gluesNext = false
  /// Whether any grapheme was added.
  private(set) var isEmpty = true

  init(width: Int) {
    self.width = width
  }

  mutating func add(_ character: Character) {
    isEmpty = false
    if character.isBreakingSpace {
      flushGroup()
      pendingSpaces.append(character)
      return
    }
    let characterWidth = character.advance(atColumn: 0)
    let isWide = characterWidth == 2
    // NB: a zero-width grapheme (U+2060 WORD JOINER, say) never opens a break before it.
    if !group.isEmpty, !gluesNext, characterWidth > 0, isWide || groupEndsWide,
      !character.isClosingPunctuation, !(group.last?.isOpeningPunctuation ?? false)
    {
      flushGroup()
    }
    group.append(character)
    groupWidth += characterWidth
    if characterWidth > 0 { groupEndsWide = isWide }
    gluesNext = characterWidth == 0
  }

  mutating func finish() -> [String] {
    flushGroup()
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  private mutating func flushGroup() {
    guard !group.isEmpty else { return }
    place(group, width: groupWidth)
    group.removeAll(keepingCapacity: true)
    groupWidth = 0
    groupEndsWide = false
    gluesNext = false
  }

  private mutating func place(_ graphemes: [Character], width groupWidth: Int) {
    let spaces = expandedSpaces()
    pendingSpaces.removeAll(keepingCapacity: true)
    if column + spaces.width + groupWidth <= width {
      line += spaces.text
      line.append(contentsOf: graphemes)
      column += spaces.width + groupWidth
      return
    }
    guard groupWidth > width else {
      breakLine()
      line.append(contentsOf: graphemes)
      column = groupWidth
      return
    }
    // Too wide for any line: split between graphemes, starting after the current line's
    // content so no line is left short needlessly.
    if !line.isEmpty || lines.isEmpty {
      line += spaces.text
      column += spaces.width
    }
    for grapheme in graphemes {
      let graphemeWidth = grapheme.advance(atColumn: 0)
      if column + graphemeWidth > width { breakLine() }
      if graphemeWidth > width {
        // NB: only a wide grapheme on a one-cell line gets here; half of it cannot be shown.
        line.append("…")
        column += 1
      } else {
        line.append(grapheme)
        column += graphemeWidth
      }
    }
  }

  /// Ends the current line, dropping its trailing spaces; a line of only spaces is dropped.
  private mutating func breakLine() {
    while let last = line.last, last.isBreakingSpace { line.removeLast() }
    if !line.isEmpty { lines.append(line) }
    line = ""
    column = 0
  }

  /// The pending spaces as they would be drawn after `line`, tabs expanded to spaces.
  private func expandedSpaces() -> (text: String, width: Int) {
    var text = ""
    var spacesWidth = 0
    for space in pendingSpaces {
      let advance = space.advance(atColumn: column + spacesWidth)
      if space.isTab {
        text += String(repeating: " ", count: advance)
      } else {
        text.append(space)
      }
      spacesWidth += advance
    }
    return (text, spacesWidth)
  }
}

extension Character {
  /// Whether a line may break at this space, which then disappears at the end of a line.
  fileprivate var isBreakingSpace: Bool {
    let scalars = unicodeScalars
    guard let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex
    else { return false }
    switch scalar.value {
    // NB: U+00A0, U+2007 and U+202F are no-break spaces and stay inside words.
    case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x200B, 0x205F, 0x3000:
      return true
    default:
      return false
    }
  }

  /// Whether no line may start with this grapheme (kinsoku for closing punctuation).
  fileprivate var isClosingPunctuation: Bool {
    Character.closingPunctuation.contains(self)
  }

  /// Whether no line may end with this grapheme (kinsoku for opening punctuation).
  fileprivate var isOpeningPunctuation: Bool {
    Character.openingPunctuation.contains(self)
  }

  private static let closingPunctuation: Set<Character> = [
    ",", ".", ";", ":", "!", "?", ")", "]", "}", "%", "、", "。", "，", "．", "：", "；", "！",
    "？", "）", "］", "｝", "〕", "〉", "》", "」", "』", "】", "〙", "〗", "〟", "’", "”", "・",
    "ー", "々", "ゝ", "ゞ", "ヽ", "ヾ", "…", "‥", "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ",
    "ょ", "ゎ", "ゕ", "ゖ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ", "ヮ", "ヵ", "ヶ",
  ]

  private static let openingPunctuation: Set<Character> = [
    "(", "[", "{", "（", "［", "｛", "〔", "〈", "《", "「", "『", "【", "〘", "〖", "〝", "‘", "“",
  ]
}

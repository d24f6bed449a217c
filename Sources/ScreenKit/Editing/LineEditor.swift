/// One line of editable text and its cursor, edited as a user's fingers expect: by grapheme
/// (an emoji, a CJK character, a letter with its combining marks is one step), by word, and
/// with the readline keys of a shell.
///
/// The value a text field keeps; it draws nothing. ``handle(_:)`` takes a key and says whether
/// it was an editing key; ``insert(_:)`` takes typed or pasted text as one edit;
/// ``window(width:mask:)`` says which part of the text a field of some width shows, scrolled to
/// keep the cursor in view.
///
/// | keys | action |
/// | --- | --- |
/// | ← →, Ctrl-B Ctrl-F | a character left, right |
/// | Alt-← Alt-→, Alt-B Alt-F | a word left, to the end of the next word |
/// | Home End, Ctrl-A Ctrl-E | the start, the end |
/// | Backspace (Ctrl-H), Delete (Ctrl-D) | the character before, under the cursor |
/// | Ctrl-W, Alt-Backspace | cut back to the previous space, to the previous word's start |
/// | Alt-D | cut to the end of the next word |
/// | Ctrl-U, Ctrl-K | cut to the start, to the end |
/// | Ctrl-Y | paste what was cut last |
public struct LineEditor: Hashable, Sendable {
  /// The characters of the line.
  private var characters: [Character]
  /// The cursor, in characters from the start: 0 before the first, `count` after the last.
  public private(set) var cursor: Int
  /// What the last cut removed, for Ctrl-Y.
  public private(set) var cutText = ""
  /// The first character a field shows (see ``window(width:mask:)``).
  private var scroll = 0

  /// A line holding `text`, the cursor at its end.
  public init(_ text: String = "") {
    characters = Array(Self.oneLine(text))
    cursor = characters.count
  }

  /// The text.
  public var text: String { String(characters) }

  /// Whether the line is empty.
  public var isEmpty: Bool { characters.isEmpty }

  /// Replaces the text, the cursor at its end.
  public mutating func setText(_ text: String) {
    characters = Array(Self.oneLine(text))
    cursor = characters.count
  }

  /// Inserts typed or pasted text at the cursor, as one edit, the cursor after it.
  ///
  /// It stays one line: a line break or a tab becomes a space, and other control characters
  /// are dropped, so a paste cannot submit or move the terminal.
  public mutating func insert(_ text: String) {
    let inserted = Self.oneLine(text)
    guard !inserted.isEmpty else { return }
    let start = cursor
    characters.insert(contentsOf: inserted, at: start)
    cursor += inserted.count
    rejoin(at: start + inserted.count)
    rejoin(at: start)
  }

  /// Edits or moves for `key` and returns whether it is an editing key (a field keeps those,
  /// even where they change nothing, as ← at the start).
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character):
      guard !Self.isControl(character) else { return false }
      insert(String(character))
    case .left, .control("b"): cursor = max(0, cursor - 1)
    case .right, .control("f"): cursor = min(characters.count, cursor + 1)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = characters.count
    case .alt(.left), .alt(.character("b")): cursor = wordStart(before: cursor)
    case .alt(.right), .alt(.character("f")): cursor = wordEnd(after: cursor)
    case .backspace, .control("h"):
      guard cursor > 0 else { return true }
      characters.remove(at: cursor - 1)
      cursor -= 1
      rejoin(at: cursor)
    case .delete, .control("d"):
      guard cursor < characters.count else { return true }
      characters.remove(at: cursor)
      rejoin(at: cursor)
    case .control("w"): cut(spaceStart(before: cursor)..<cursor)
    case .alt(.backspace): cut(wordStart(before: cursor)..<cursor)
    case .alt(.character("d")): cut(cursor..<wordEnd(after: cursor))
    case .control("u"): cut(0..<cursor)
    case .control("k"): cut(cursor..<characters.count)
    case .control("y"): insert(cutText)
    default: return false
    }
    return true
  }

  /// The part of the text a field `width` cells wide shows, and the cell the cursor is in.
  ///
  /// The text scrolls the least it must for the cursor's cell to be in view, and no further
  /// back than fills the field. A wide character that would be cut at the right edge is left
  /// out whole. With a `mask` (a secret), every character is shown as the mask and measured
  /// as wide as it.
  public mutating func window(width: Int, mask: Character? = nil) -> (
    text: String, cursorColumn: Int
  ) {
    guard width > 0 else { return ("", 0) }
    scrollToCursor(width: width, mask: mask)
    var shown = ""
    var used = 0
    for character in characters[scroll...] {
      let cells = Self.width(of: character, mask: mask)
      guard used + cells <= width else { break }
      shown.append(mask ?? character)
      used += cells
    }
    return (shown, Self.width(of: characters[scroll..<cursor], mask: mask))
  }

  /// Moves the cursor before the character a field `width` cells wide shows at `column`
  /// (counted from the field's left edge, as the last ``window(width:mask:)`` scrolled it), or
  /// to the end when the column is past the text: where a click puts it.
  public mutating func moveCursor(toColumn column: Int, width: Int, mask: Character? = nil) {
    scrollToCursor(width: width, mask: mask)
    var used = 0
    var index = scroll
    while index < characters.count {
      used += Self.width(of: characters[index], mask: mask)
      guard used <= column else { break }
      index += 1
    }
    cursor = index
  }

  /// Scrolls the least that brings the cursor's cell into a field `width` cells wide, and back
  /// as far as the text after the start still fills it.
  private mutating func scrollToCursor(width: Int, mask: Character?) {
    scroll = min(scroll, cursor)
    // NB: the cursor's own cell must fit too, after the text before it. The widths are kept
    // as the scroll moves: measured again each step, a long paste took minutes.
    var before = Self.width(of: characters[scroll..<cursor], mask: mask)
    while scroll < cursor, before >= width {
      before -= Self.width(of: characters[scroll], mask: mask)
      scroll += 1
    }
    var tail = Self.width(of: characters[scroll...], mask: mask)
    while scroll > 0 {
      let previous = Self.width(of: characters[scroll - 1], mask: mask)
      guard tail + previous < width else { break }
      tail += previous
      scroll -= 1
    }
  }

  // MARK: Words and cuts

  private mutating func cut(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    cutText = String(characters[range])
    characters.removeSubrange(range)
    cursor = range.lowerBound
    rejoin(at: cursor)
  }

  private static func isWord(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  /// The start of the word before `index` (over what is not a word first).
  private func wordStart(before index: Int) -> Int {
    var position = index
    while position > 0, !Self.isWord(characters[position - 1]) { position -= 1 }
    while position > 0, Self.isWord(characters[position - 1]) { position -= 1 }
    return position
  }

  /// The end of the word after `index` (over what is not a word first).
  private func wordEnd(after index: Int) -> Int {
    var position = index
    while position < characters.count, !Self.isWord(characters[position]) { position += 1 }
    while position < characters.count, Self.isWord(characters[position]) { position += 1 }
    return position
  }

  /// The start of the run of non-spaces before `index` (over spaces first), as Ctrl-W cuts.
  private func spaceStart(before index: Int) -> Int {
    var position = index
    while position > 0, characters[position - 1].isWhitespace { position -= 1 }
    while position > 0, !characters[position - 1].isWhitespace { position -= 1 }
    return position
  }

  // MARK: Text

  private static func width(of characters: ArraySlice<Character>, mask: Character?) -> Int {
    guard let mask else { return characters.reduce(0) { $0 + $1.cellWidth } }
    return characters.count * mask.cellWidth
  }

  private static func width(of character: Character, mask: Character?) -> Int {
    (mask ?? character).cellWidth
  }

  /// Joins the characters on both sides of `index` when Unicode makes them one grapheme.
  ///
  /// A terminal sends a key per scalar, so a combining accent, the parts of an emoji joined by
  /// ZWJ and a flag's two halves arrive one by one; a deletion can bring two halves together.
  /// A cursor between them goes after the joined character.
  private mutating func rejoin(at index: Int) {
    guard index > 0, index < characters.count else { return }
    let pair = String(characters[index - 1]) + String(characters[index])
    guard pair.count == 1, let joined = pair.first else { return }
    characters.replaceSubrange((index - 1)...index, with: CollectionOfOne(joined))
    if cursor > index { cursor -= 1 }
  }

  private static func isControl(_ character: Character) -> Bool {
    character.unicodeScalars.contains { scalar in
      scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }
  }

  /// `text` as one line: line breaks and tabs as spaces, other control characters dropped.
  private static func oneLine(_ text: String) -> [Character] {
    text.compactMap { character -> Character? in
      if character.isNewline || character == "\t" { return " " }
      return isControl(character) ? nil : character
    }
  }
}

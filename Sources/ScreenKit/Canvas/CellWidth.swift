/// How many terminal cells graphemes take: the rules behind `Character.cellWidth`.
///
/// The rules, in order:
/// - Printable ASCII and everything below U+0300 (Latin-1, Latin Extended) takes one cell,
///   without any property lookup. Control characters take one cell too, because a canvas
///   never sends them raw and draws U+FFFD instead (see `Character.isControlForDisplay`).
/// - East Asian Wide and Fullwidth scalars (Unicode 17 `EastAsianWidth.txt`, W and F) take
///   two cells; Ambiguous (A) scalars take one, as in a non-CJK locale.
/// - Emoji take two cells: a grapheme with an `Emoji_Presentation` scalar (unless that scalar
///   is followed by VS15 U+FE0E and is not itself East Asian Wide), an emoji followed by VS16
///   U+FE0F (`❤️`, keycaps such as `1️⃣`), a regional-indicator flag (`🇯🇵`), or a ZWJ sequence
///   of emoji. A text-presentation emoji alone or with VS15 (`❤`, `❤︎`) takes one.
/// - Zero cells: a grapheme made only of nonspacing (Mn) and enclosing (Me) marks, format
///   characters (Cf: U+200B ZWSP, U+200D ZWJ, U+2060 WJ, U+FEFF BOM, bidi controls),
///   variation selectors, and conjoining Hangul medial vowels and final consonants.
/// - NB: soft hyphen U+00AD is Cf but takes one cell, as glibc's and Markus Kuhn's `wcwidth`
///   count it, so ncurses (which measures with `wcwidth`) and the canvas agree on columns.
/// - Otherwise a grapheme is as wide as its base: combining marks add nothing.
@usableFromInline enum CellWidth {
  /// The width of a grapheme made of a single scalar.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    // Nothing below U+0300 is wide or zero width (U+00AD counts one by choice).
    if value < 0x300 { return 1 }
    if isEastAsianWide(value) { return 2 }
    if hasNoZeroWidthScalars(value) { return 1 }
    if isZeroWidth(scalar) { return 0 }
    // NB: every Emoji_Presentation scalar known today is in the wide table; this catches
    // emoji newer than the table, which are all assigned from U+1F000 on.
    if value >= 0x1_F000, scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// The width of a grapheme made of two or more scalars.
  static func of(cluster scalars: Character.UnicodeScalarView) -> Int {
    var baseWidth = 0
    var previous: Unicode.Scalar?
    var regionalIndicators = 0
    var presentationScalars = 0
    var hasEmojiVariation = false
    var hasJoiner = false
    for scalar in scalars {
      let value = scalar.value
      if baseWidth == 0 { baseWidth = of(scalar) }
      switch value {
      case 0xFE0F:
        if let previous, isEmoji(previous) { hasEmojiVariation = true }
      case 0xFE0E:
        // VS15 asks for the text presentation of the scalar just before it.
        if let previous, previous.value >= 0x231A, previous.properties.isEmojiPresentation {
          presentationScalars -= 1
        }
      case 0x200D:
        hasJoiner = true
      case 0x1_F1E6...0x1_F1FF:
        regionalIndicators += 1
        presentationScalars += 1
      default:
        // NB: no Emoji_Presentation scalar lies below U+231A, so marks need no lookup.
        if value >= 0x231A, scalar.properties.isEmojiPresentation { presentationScalars += 1 }
      }
      previous = scalar
    }
    if baseWidth == 2 || hasEmojiVariation || regionalIndicators >= 2 || presentationScalars > 0 {
      return 2
    }
    // ZWJ sequences are rare, so only they pay for a second pass over Emoji properties.
    if hasJoiner, scalars.lazy.filter(isEmoji).count >= 2 { return 2 }
    return baseWidth
  }

  /// Whether a scalar is an emoji, leaving out plain ASCII letters and symbols.
  static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    guard value >= 0xA9 || isKeycapBase(value) else { return false }
    return scalar.properties.isEmoji
  }

  /// Whether a scalar is East Asian Wide or Fullwidth.
  static func isEastAsianWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// Whether a scalar lies in a stretch that holds no mark or format character, where the
  /// general category lookup can be skipped.
  ///
  /// NB: these are the blocks terminal screens draw most: Greek, Cyrillic, Armenian, Latin
  /// Extended Additional, punctuation, arrows, maths, box drawing, blocks, shapes, braille.
  static func hasNoZeroWidthScalars(_ value: UInt32) -> Bool {
    switch value {
    case 0x370..<0x483, 0x48A..<0x591, 0x1E00..<0x200B, 0x2010..<0x202A, 0x202F..<0x2060,
      0x2070..<0x20D0, 0x20F1..<0x2CEF:
      return true
    default:
      return false
    }
  }

  /// Whether a scalar takes no cell of its own.
  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value == 0xAD { return false }
    // Conjoining jamo medial vowels and final consonants join the initial consonant's cells.
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format:
      return true
    default:
      return false
    }
  }

  /// Whether an ASCII scalar can start a keycap sequence (`0`–`9`, `#`, `*`).
  static func isKeycapBase(_ value: UInt32) -> Bool {
    (0x30...0x39).contains(value) || value == 0x23 || value == 0x2A
  }

  /// East Asian Wide (W) and Fullwidth (F) scalars, sorted and merged, from Unicode 17.
  ///
  /// Assigned characters only, except where `EastAsianWidth.txt` makes whole blocks wide by
  /// default (CJK compatibility ideographs, planes 2 and 3). Regional indicators (N) are left
  /// out; pairs of them are handled as flags.
  static let wideRanges: [ClosedRange<UInt32>] = [
    // Hangul Jamo initial consonants.
    0x1100...0x115F,
    // Emoji with default emoji presentation in Miscellaneous Technical and Symbols.
    0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
    0x25FD...0x25FE, 0x2614...0x2615, 0x2630...0x2637, 0x2648...0x2653, 0x267F...0x267F,
    0x268A...0x268F, 0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE,
    0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3,
    0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
    0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757,
    0x2795...0x2797, 0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50,
    0x2B55...0x2B55,
    // CJK Radicals, Kangxi, Ideographic Description, CJK Symbols and Punctuation (U+3000 F),
    // Hiragana, Katakana, Bopomofo, Hangul Compatibility Jamo, Kanbun, CJK Strokes,
    // Enclosed CJK, CJK Compatibility, Extension A, Yijing hexagrams, Unified Ideographs, Yi.
    0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x303E, 0x3041...0x3096,
    0x3099...0x30FF, 0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31E5, 0x31EF...0x321E,
    0x3220...0x3247, 0x3250...0xA48C, 0xA490...0xA4C6,
    // Hangul Jamo Extended-A, Hangul Syllables, CJK Compatibility Ideographs.
    0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    // Vertical forms, CJK compatibility forms, small form variants.
    0xFE10...0xFE19, 0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B,
    // Fullwidth forms (F).
    0xFF01...0xFF60, 0xFFE0...0xFFE6,
    // Ideographic symbols, Tangut, Khitan, Kana Extended and Supplement, small kana, Nushu.
    0x1_6FE0...0x1_6FE4, 0x1_6FF0...0x1_6FF6, 0x1_7000...0x1_8CD5, 0x1_8CFF...0x1_8D1E,
    0x1_8D80...0x1_8DF2, 0x1_AFF0...0x1_AFF3, 0x1_AFF5...0x1_AFFB, 0x1_AFFD...0x1_AFFE,
    0x1_B000...0x1_B122, 0x1_B132...0x1_B132, 0x1_B150...0x1_B152, 0x1_B155...0x1_B155,
    0x1_B164...0x1_B167, 0x1_B170...0x1_B2FB,
    // Tai Xuan Jing symbols, counting rod numerals.
    0x1_D300...0x1_D356, 0x1_D360...0x1_D376,
    // Mahjong, playing card, enclosed alphanumeric and ideographic emoji.
    0x1_F004...0x1_F004, 0x1_F0CF...0x1_F0CF, 0x1_F18E...0x1_F18E, 0x1_F191...0x1_F19A,
    0x1_F200...0x1_F202, 0x1_F210...0x1_F23B, 0x1_F240...0x1_F248, 0x1_F250...0x1_F251,
    0x1_F260...0x1_F265,
    // Miscellaneous Symbols and Pictographs, Emoticons, Transport and Map, Geometric Shapes
    // Extended, Supplemental Symbols and Pictographs, Symbols and Pictographs Extended-A.
    0x1_F300...0x1_F320, 0x1_F32D...0x1_F335, 0x1_F337...0x1_F37C, 0x1_F37E...0x1_F393,
    0x1_F3A0...0x1_F3CA, 0x1_F3CF...0x1_F3D3, 0x1_F3E0...0x1_F3F0, 0x1_F3F4...0x1_F3F4,
    0x1_F3F8...0x1_F43E, 0x1_F440...0x1_F440, 0x1_F442...0x1_F4FC, 0x1_F4FF...0x1_F53D,
    0x1_F54B...0x1_F54E, 0x1_F550...0x1_F567, 0x1_F57A...0x1_F57A, 0x1_F595...0x1_F596,
    0x1_F5A4...0x1_F5A4, 0x1_F5FB...0x1_F64F, 0x1_F680...0x1_F6C5, 0x1_F6CC...0x1_F6CC,
    0x1_F6D0...0x1_F6D2, 0x1_F6D5...0x1_F6D8, 0x1_F6DC...0x1_F6DF, 0x1_F6EB...0x1_F6EC,
    0x1_F6F4...0x1_F6FC, 0x1_F7E0...0x1_F7EB, 0x1_F7F0...0x1_F7F0, 0x1_F90C...0x1_F93A,
    0x1_F93C...0x1_F945, 0x1_F947...0x1_F9FF, 0x1_FA70...0x1_FA7C, 0x1_FA80...0x1_FA8A,
    0x1_FA8E...0x1_FAC6, 0x1_FAC8...0x1_FAC8, 0x1_FACD...0x1_FADC, 0x1_FADF...0x1_FAEA,
    0x1_FAEF...0x1_FAF8,
    // Supplementary and Tertiary Ideographic Planes: CJK Extensions B–J and compatibility
    // supplement, wide by default.
    0x2_0000...0x2_FFFD, 0x3_0000...0x3_FFFD,
  ]
}

extension Character {
  /// The number of terminal columns the grapheme covers when a canvas draws it: 0, 1 or 2.
  public var cellWidth: Int {
    // NB: fast path for ASCII, which is most of what any screen draws; `asciiValue` would
    // cost a comparison with CR-LF. A one-byte grapheme is printable or a control: one cell.
    if utf8.count == 1 { return 1 }
    let scalars = unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.index(after: scalars.startIndex) == scalars.endIndex {
      return CellWidth.of(first)
    }
    return CellWidth.of(cluster: scalars)
  }

  /// Whether the grapheme is a control character that must not reach a terminal raw.
  ///
  /// True for C0 and C1 controls and DEL (including tab, CR, LF and CR-LF) and for the line
  /// and paragraph separators U+2028 and U+2029. Unicode grapheme rules keep each of them
  /// in a grapheme of its own, so the first scalar decides.
  var isControlForDisplay: Bool {
    // Decided on UTF-8 bytes: decoding the first scalar costs more than the whole test.
    let bytes = utf8
    guard let lead = bytes.first else { return false }
    switch lead {
    case 0x00..<0x20, 0x7F:
      return true
    case 0xC2:
      // U+0080...U+009F, the C1 controls.
      return bytes.dropFirst().first.map { $0 <= 0x9F } ?? false
    case 0xE2:
      // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
      let rest = bytes.dropFirst()
      return rest.first == 0x80
        && (rest.dropFirst().first.map { $0 == 0xA8 || $0 == 0xA9 } ?? false)
    default:
      return false
    }
  }

  /// The columns the grapheme advances when text is drawn from column 0 and the grapheme
  /// starts at `column`: tabs reach the next multiple of `tabStopWidth`, and line breaks and
  /// other control characters take one cell.
  func advance(atColumn column: Int) -> Int {
    if isTab { return Character.tabStopWidth - column % Character.tabStopWidth }
    return Canvas.displayable(self).1
  }

  /// Whether the grapheme is a tab, tested on its bytes: comparing with a literal is slow.
  var isTab: Bool {
    utf8.count == 1 && utf8.first == 0x09
  }

  /// The distance between tab stops, in columns.
  static let tabStopWidth = 4
}

extension StringProtocol {
  /// The number of terminal columns the text covers when `Canvas.drawText` draws it.
  ///
  /// Tabs reach the next multiple of 4 columns from the start of the text; line breaks and
  /// other control characters count one cell each, as they are drawn as a space or U+FFFD.
  @inlinable public var cellWidth: Int {
    CellWidth.of(text: concreteText)
  }

  /// The text as a `Substring`, so that the work on it runs on a concrete type.
  ///
  /// NB: a generic `StringProtocol` method called from another module is not specialised,
  /// and iterating an unspecialised `Self` costs several times more than a `Substring`. The
  /// public generic entry points are `@inlinable` wrappers around this, so a caller in another
  /// module specialises them and the casts fold away: called unspecialised, the casts were a
  /// fifth of an inline spinner frame drawn from ScreenKitLoading.
  @inlinable var concreteText: Substring {
    if let string = self as? String { return string[...] }
    if let substring = self as? Substring { return substring }
    return Substring(String(decoding: utf8, as: UTF8.self))
  }
}

extension CellWidth {
  /// The width of a text, as `StringProtocol.cellWidth` defines it.
  @usableFromInline static func of(text: Substring) -> Int {
    if let count = printableASCIICount(text) { return count }
    var column = 0
    for character in text { column += character.advance(atColumn: column) }
    return column
  }

  /// The number of bytes of a text made only of printable ASCII, or `nil` if it has others.
  ///
  /// Such text needs no grapheme breaking: one byte, one grapheme, one cell.
  static func printableASCIICount(_ text: Substring) -> Int? {
    let isPrintable = text.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
    if let isPrintable { return isPrintable ? text.utf8.count : nil }
    return text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? text.utf8.count : nil
  }
}

import CNCurses

/// What the writer hands ncurses for one grapheme, so that the columns ncurses counts for it
/// are exactly the columns the canvas gave it (`Character.cellWidth`).
///
/// ncurses counts a cell as wide as the C library's `wcwidth` of its first character, and
/// keeps only the following characters `wcwidth` calls zero-width. Where that count differs
/// from the canvas's (emoji made wide by VS16 or a keycap, flags, emoji newer than the C
/// library's tables), the grapheme is drawn in a form every terminal gives the same width:
/// - a one-column base with the canvas's second column blank (`❤️` draws `❤` and a space,
///   `1️⃣` draws `1⃣` and a space): terminals disagree on the width of VS16 sequences, and
///   one that draws a sequence two columns wide while ncurses counts one shifts the rest of
///   the row; the base alone is one column everywhere and keeps the meaning;
/// - a flag as its two letters (`🇫🇷` draws `FR`): a lone regional indicator is one column to
///   the C library and two to many terminals, so it cannot stand on its own;
/// - U+FFFD and a blank for a character the C library does not know (ncurses would draw an
///   escape such as `~@` for it) or one wider than the canvas's cells.
///
/// Emoji variation selectors, joiners and tag characters are left out of every cell: they
/// change the width some terminals give a cell, and ncurses could not keep a whole emoji
/// sequence in one cell anyway.
struct CursesGlyph: Equatable {
  /// The number of characters of the first cell: a spacing one, then zero-width ones.
  var count: Int
  /// The one-column character of the second column when ncurses does not cover that column
  /// itself; `nil` for a one-column grapheme or a wide character ncurses counts as wide.
  var second: UInt32?

  /// The glyph for `character`, which the canvas drew `width` columns wide (1 or 2); the
  /// characters of its first cell go to the start of `characters`, zero-terminated.
  ///
  /// `columns` is the C library's count (`wcwidth`), a parameter so tests can play other
  /// C libraries. `characters` must hold `CCHARW_MAX + 1` elements.
  init(
    _ character: Character, width: Int, into characters: UnsafeMutableBufferPointer<wchar_t>,
    columns: (UInt32) -> Int = CursesGlyph.wcwidth
  ) {
    var scalars = character.unicodeScalars.makeIterator()
    let base = scalars.next()?.value ?? 0xFFFD
    let baseColumns = columns(base)
    guard let next = scalars.next()?.value else {
      // One scalar: most of what is not ASCII.
      if baseColumns == width, width >= 1 {
        characters[0] = wchar_t(bitPattern: base)
        characters[1] = 0
        self.init(count: 1, second: nil)
      } else {
        self.init(lone: base, columns: baseColumns, width: width, into: characters)
      }
      return
    }
    if width == 2, CursesGlyph.isRegionalIndicator(base) {
      var second: UInt32 = 0x20
      var candidate: UInt32? = next
      while let value = candidate {
        if CursesGlyph.isRegionalIndicator(value) {
          second = CursesGlyph.letter(of: value)
          break
        }
        candidate = scalars.next()?.value
      }
      characters[0] = wchar_t(bitPattern: CursesGlyph.letter(of: base))
      characters[1] = 0
      self.init(count: 1, second: second)
      return
    }
    guard baseColumns >= 1, baseColumns <= width else {
      self.init(replacementWidth: width, into: characters)
      return
    }
    characters[0] = wchar_t(bitPattern: base)
    var count = 1
    var candidate: UInt32? = next
    while let value = candidate, count < Int(CCHARW_MAX) {
      candidate = scalars.next()?.value
      if CursesGlyph.isPresentationOnly(value) || columns(value) != 0 { continue }
      characters[count] = wchar_t(bitPattern: value)
      count += 1
    }
    characters[count] = 0
    self.init(count: count, second: baseColumns < width ? 0x20 : nil)
  }

  /// The glyph of a grapheme of one scalar whose count differs from the canvas's.
  private init(
    lone base: UInt32, columns: Int, width: Int,
    into characters: UnsafeMutableBufferPointer<wchar_t>
  ) {
    if width == 2, CursesGlyph.isRegionalIndicator(base) {
      characters[0] = wchar_t(bitPattern: CursesGlyph.letter(of: base))
      characters[1] = 0
      self.init(count: 1, second: 0x20)
    } else if columns >= 1, columns < width {
      characters[0] = wchar_t(bitPattern: base)
      characters[1] = 0
      self.init(count: 1, second: 0x20)
    } else {
      self.init(replacementWidth: width, into: characters)
    }
  }

  init(count: Int, second: UInt32?) {
    self.count = count
    self.second = second
  }

  /// U+FFFD, then a blank if `width` is 2.
  init(replacementWidth width: Int, into characters: UnsafeMutableBufferPointer<wchar_t>) {
    characters[0] = 0xFFFD
    characters[1] = 0
    self.init(count: 1, second: width > 1 ? 0x20 : nil)
  }

  /// The C library's column count for a scalar; -1 for one it does not know or cannot print.
  static func wcwidth(_ value: UInt32) -> Int {
    Int(sk_wcwidth(wchar_t(bitPattern: value)))
  }

  static func isRegionalIndicator(_ value: UInt32) -> Bool {
    (0x1_F1E6...0x1_F1FF).contains(value)
  }

  /// The capital letter a regional indicator stands for.
  static func letter(of regionalIndicator: UInt32) -> UInt32 {
    0x41 + regionalIndicator - 0x1_F1E6
  }

  /// Whether a scalar only selects how an emoji is presented: VS15, VS16, the zero-width
  /// joiner, and tag characters.
  static func isPresentationOnly(_ value: UInt32) -> Bool {
    value == 0xFE0E || value == 0xFE0F || value == 0x200D || (0xE_0000...0xE_007F).contains(value)
  }
}

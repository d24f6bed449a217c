import CNCurses
import Testing

@testable import ScreenKitCurses

/// The cells a grapheme becomes for C libraries of other ages than this machine's: the
/// columns ncurses counts always add up to the canvas's width.
@Suite struct CursesGlyphTests {
  /// The cells `character` (`width` columns on the canvas) becomes, as scalar lists.
  private func cells(
    _ character: Character, width: Int, columns: @escaping (UInt32) -> Int
  ) -> [[UInt32]] {
    withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: Int(CCHARW_MAX) + 1) { buffer in
      let glyph = CursesGlyph(character, width: width, into: buffer, columns: columns)
      let first = (0..<glyph.count).map { UInt32(bitPattern: buffer[$0]) }
      return [first] + (glyph.second.map { [[$0]] } ?? [])
    }
  }

  /// A C library as old as this machine's for the scalars the tests use.
  private static func oldLibrary(_ value: UInt32) -> Int {
    switch value {
    case 0xFE0F, 0x200D, 0x20E3, 0x301: return 0
    case 0x4E16, 0x1F468, 0x1F469: return 2
    case 0x1FAE9: return -1
    default: return 1
    }
  }

  @Test func aLibraryThatKnowsLessGetsBaseAndBlankLettersOrReplacement() {
    let old = Self.oldLibrary
    #expect(cells("\u{2764}\u{FE0F}", width: 2, columns: old) == [[0x2764], [0x20]])
    #expect(cells("1\u{FE0F}\u{20E3}", width: 2, columns: old) == [[0x31, 0x20E3], [0x20]])
    #expect(cells("🇫🇷", width: 2, columns: old) == [[0x46], [0x52]])
    #expect(cells("👨\u{200D}👩", width: 2, columns: old) == [[0x1F468]])
    #expect(cells("\u{1FAE9}", width: 2, columns: old) == [[0xFFFD], [0x20]])
    #expect(cells("e\u{301}", width: 1, columns: old) == [[0x65, 0x301]])
    #expect(cells("世", width: 2, columns: old) == [[0x4E16]])
  }

  @Test func aLibraryThatKnowsMoreGetsTheEmojiItself() {
    let new: (UInt32) -> Int = { value in
      value == 0xFE0F ? 0 : value == 0x2764 || value == 0x1FAE9 ? 2 : 1
    }
    #expect(cells("\u{2764}\u{FE0F}", width: 2, columns: new) == [[0x2764]])
    #expect(cells("\u{1FAE9}", width: 2, columns: new) == [[0x1FAE9]])
    // Wider than the canvas's one column: the replacement character, never an overflow.
    #expect(cells("\u{2764}", width: 1, columns: new) == [[0xFFFD]])
  }
}

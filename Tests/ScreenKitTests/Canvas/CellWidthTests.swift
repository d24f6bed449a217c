import Testing

@testable import ScreenKit

@Suite struct CellWidthTests {
  @Test func printableAsciiTakesOneCellEach() {
    #expect("Hello, world!".cellWidth == 13)
    #expect(Character("A").cellWidth == 1)
    #expect(Character("~").cellWidth == 1)
  }

  @Test func cjkTakesTwoCellsEach() {
    #expect("你好世界".cellWidth == 8)
    for character in "你好世界あカㄅ한ꀀＡ\u{3000}" {
      #expect(character.cellWidth == 2, "\(character)")
    }
  }

  @Test(
    arguments: [
      0x1100, 0x115F, 0x2E80, 0x2F00, 0x2FF0, 0x3000, 0x3001, 0x3041, 0x30A2, 0x30FF, 0x3105,
      0x3131, 0x31C0, 0x3200, 0x3300, 0x3400, 0x4DBF, 0x4DC0, 0x4E00, 0x9FFF, 0xA000, 0xA4C6,
      0xA960, 0xAC00, 0xD7A3, 0xF900, 0xFAFF, 0xFE10, 0xFE30, 0xFE50, 0xFE68, 0xFF01, 0xFF60,
      0xFFE0, 0xFFE6, 0x1_6FE0, 0x1_7000, 0x1_8800, 0x1_8B00, 0x1_AFF0, 0x1_B000, 0x1_B132,
      0x1_B170, 0x1_F004, 0x1_F200, 0x1_F300, 0x1_F64F, 0x1_F680, 0x1_F90C, 0x1_FA70, 0x1_FAF8,
      0x2_0000, 0x2_A6DF, 0x2_B740, 0x2_EBF0, 0x2_F800, 0x3_0000, 0x3_1350, 0x3_23AF,
    ] as [UInt32])
  func eastAsianWideAndFullwidthBlocksAreWide(value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    #expect(Character(scalar).cellWidth == 2)
  }

  @Test(
    arguments: [
      0xA1, 0xB1, 0x3B1, 0x416, 0x2026, 0x2190, 0x2500, 0x2588, 0x280B, 0x2764, 0x3248, 0xFF61,
      0xFFE8, 0xE000,
    ] as [UInt32])
  func narrowAndAmbiguousCharactersTakeOneCell(value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    #expect(Character(scalar).cellWidth == 1)
  }

  @Test func combiningMarksTakeNoCells() {
    let decomposed: Character = "e\u{301}"
    #expect(decomposed.cellWidth == 1)
    #expect("e\u{301}te".cellWidth == 3)
    #expect(Character("a\u{301}\u{316}\u{35C}").cellWidth == 1)
    #expect(Character("\u{301}").cellWidth == 0)
    #expect(Character("\u{20DD}").cellWidth == 0)
  }

  @Test func decomposedHangulTakesTheWidthOfItsInitialConsonant() {
    let syllable: Character = "\u{1100}\u{1161}\u{11A8}"
    #expect(syllable.cellWidth == 2)
  }

  @Test func formatCharactersAndVariationSelectorsTakeNoCells() {
    for scalar in ["\u{200B}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{202E}", "\u{FE0F}"] {
      #expect(scalar.cellWidth == 0, "\(scalar.unicodeScalars.map(\.value))")
    }
    #expect("a\u{200B}b".cellWidth == 2)
  }

  @Test func softHyphenTakesOneCellAsInWcwidth() {
    #expect(Character("\u{AD}").cellWidth == 1)
  }

  @Test func emojiWithDefaultEmojiPresentationAreWide() {
    #expect(Character("👍").cellWidth == 2)
    #expect(Character("⌚").cellWidth == 2)
    #expect(Character("👍🏽").cellWidth == 2)
    #expect("👍🏽".count == 1)
  }

  @Test func emojiWithVariationSelectorIsWide() {
    #expect(Character("❤️").cellWidth == 2)
    #expect(Character("❤").cellWidth == 1)
    #expect(Character("1️⃣").cellWidth == 2)
  }

  @Test func textPresentationSelectorKeepsATextEmojiNarrow() {
    #expect(Character("❤\u{FE0E}").cellWidth == 1)
    // An East Asian Wide base stays wide: terminals reserve two cells for it regardless.
    #expect(Character("⌚\u{FE0E}").cellWidth == 2)
  }

  @Test func flagsAndZwjSequencesAreOneWideGrapheme() {
    #expect("🇯🇵".count == 1)
    #expect("🇯🇵".cellWidth == 2)
    #expect("👨‍👩‍👧".count == 1)
    #expect("👨‍👩‍👧".cellWidth == 2)
    #expect("🏳️‍🌈".cellWidth == 2)
  }

  @Test func controlCharactersMeasureOneCellLikeTheReplacementTheyDrawAs() {
    #expect("\u{7}".cellWidth == 1)
    #expect("a\u{1B}b".cellWidth == 3)
    #expect("\r\n".cellWidth == 1)
  }

  @Test func tabsAdvanceToTheNextMultipleOfFourFromTheStartOfTheText() {
    #expect("\t".cellWidth == 4)
    #expect("ab\t".cellWidth == 4)
    #expect("abcd\tx".cellWidth == 9)
    #expect("你\tx".cellWidth == 5)
  }

  @Test func everyEmojiPresentationScalarIsWide() {
    var narrow: [String] = []
    for value in UInt32(0x2000)...0x1_FFFF {
      guard let scalar = Unicode.Scalar(value), scalar.properties.isEmojiPresentation else {
        continue
      }
      if Character(scalar).cellWidth != 2 { narrow.append(String(value, radix: 16)) }
    }
    #expect(narrow.isEmpty, "narrow emoji: \(narrow)")
  }

  @Test func wideRangesAreSortedAndDisjoint() {
    let ranges = CellWidth.wideRanges
    for (lower, upper) in zip(ranges, ranges.dropFirst()) {
      #expect(lower.upperBound + 1 < upper.lowerBound, "\(lower) then \(upper)")
    }
  }
}

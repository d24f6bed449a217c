import ScreenKit
import Testing

@Suite struct TextWrapTests {
  @Test func wrapBreaksLatinAtSpacesAndCjkAnywhere() {
    #expect("hello world 你好世界".wrapped(toWidth: 7) == ["hello", "world", "你好世", "界"])
  }

  @Test func wrapKeepsWordsThatFitOnOneLine() {
    #expect("the quick brown fox".wrapped(toWidth: 10) == ["the quick", "brown fox"])
    #expect("short".wrapped(toWidth: 80) == ["short"])
  }

  @Test func wrapBreaksBetweenLatinAndCjkWithoutASpace() {
    #expect("Swift是好的".wrapped(toWidth: 7) == ["Swift是", "好的"])
  }

  @Test func wrapSplitsAWordLongerThanTheLineByCells() {
    #expect("abcdefghij".wrapped(toWidth: 4) == ["abcd", "efgh", "ij"])
    #expect("see abcdefghij".wrapped(toWidth: 6) == ["see ab", "cdefgh", "ij"])
  }

  @Test func wrapNeverSplitsAGraphemeOrAWideCharacter() {
    #expect("你好世界".wrapped(toWidth: 3) == ["你", "好", "世", "界"])
    #expect("e\u{301}e\u{301}e\u{301}".wrapped(toWidth: 2) == ["e\u{301}e\u{301}", "e\u{301}"])
    #expect("👨‍👩‍👧👨‍👩‍👧".wrapped(toWidth: 3) == ["👨‍👩‍👧", "👨‍👩‍👧"])
    #expect("🇯🇵🇯🇵🇯🇵".wrapped(toWidth: 5) == ["🇯🇵🇯🇵", "🇯🇵"])
  }

  @Test func wrapKeepsExplicitNewlinesAsParagraphBreaks() {
    #expect("a\n\nb c".wrapped(toWidth: 10) == ["a", "", "b c"])
    #expect("a\r\nb\rc".wrapped(toWidth: 10) == ["a", "b", "c"])
    #expect("one two\nthree".wrapped(toWidth: 4) == ["one", "two", "thre", "e"])
  }

  @Test func aFinalNewlineEndsTheLastLineWithoutAddingOne() {
    #expect("a\n".wrapped(toWidth: 5) == ["a"])
    #expect("\n".wrapped(toWidth: 5) == [""])
    #expect("".wrapped(toWidth: 5) == [])
  }

  @Test func wrapStripsTrailingSpacesOfBrokenLines() {
    #expect("a    b".wrapped(toWidth: 3) == ["a", "b"])
    #expect("ab   ".wrapped(toWidth: 10) == ["ab"])
    #expect("你好　世界".wrapped(toWidth: 5) == ["你好", "世界"])
  }

  @Test func wrapKeepsTheIndentOfAParagraph() {
    #expect("  ab cd".wrapped(toWidth: 5) == ["  ab", "cd"])
  }

  @Test func zeroWidthSpaceIsABreakOpportunity() {
    #expect("abc\u{200B}def".wrapped(toWidth: 4) == ["abc", "def"])
  }

  @Test func noBreakSpaceAndWordJoinerKeepTheirNeighboursTogether() {
    #expect("a b\u{A0}c".wrapped(toWidth: 3) == ["a", "b\u{A0}c"])
    #expect("你\u{2060}好世".wrapped(toWidth: 4) == ["你\u{2060}好", "世"])
  }

  @Test func wrapDoesNotStartALineWithClosingPunctuation() {
    #expect("你好。世界".wrapped(toWidth: 4) == ["你", "好。", "世界"])
    #expect("说「你好」".wrapped(toWidth: 4) == ["说", "「你", "好」"])
  }

  @Test func wrapExpandsTabsToSpaces() {
    #expect("a\tb".wrapped(toWidth: 10) == ["a   b"])
    #expect("ab\tcd ef".wrapped(toWidth: 6) == ["ab  cd", "ef"])
  }

  @Test func wrapAtWidthOneShowsAWideCharacterAsAnEllipsis() {
    #expect("a你".wrapped(toWidth: 1) == ["a", "…"])
  }

  @Test func wrapToANonPositiveWidthGivesNoLines() {
    #expect("abc".wrapped(toWidth: 0) == [])
    #expect("abc".wrapped(toWidth: -3) == [])
  }
}

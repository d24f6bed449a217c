import ScreenKit
import Testing

@Suite struct CanvasTextTests {
  /// A canvas whose cells all hold `.`, so untouched cells are visible in `lines`.
  private func dottedCanvas(width: Int, height: Int = 1) -> Canvas {
    var canvas = Canvas(size: Size(width: width, height: height))
    canvas.fill(canvas.bounds, with: Cell("."))
    return canvas
  }

  @Test func drawTextWritesOneCellPerAsciiCharacterAndReturnsTheColumns() {
    var canvas = dottedCanvas(width: 6)
    let drawn = canvas.drawText("Hi", at: Point(x: 1, y: 0), style: .bold)
    #expect(drawn == 2)
    #expect(canvas.grid.lines == [".Hi..."])
    #expect(canvas.grid[1, 0] == Cell("H", style: .bold))
  }

  @Test func cjkTakesTwoCellsEach() {
    var canvas = Canvas(size: Size(width: 8, height: 1))
    #expect(canvas.drawText("你好世界", at: .zero) == 8)
    #expect(canvas.grid.lines == ["你好世界"])
    for x in stride(from: 0, to: 8, by: 2) {
      #expect(canvas.grid[x, 0].width == 2)
      #expect(canvas.grid[x + 1, 0].isContinuation)
    }
  }

  @Test func combiningMarksTakeNoCells() {
    var canvas = dottedCanvas(width: 4)
    #expect(canvas.drawText("e\u{301}te", at: .zero) == 3)
    #expect(canvas.grid[0, 0].character == "e\u{301}")
    #expect(canvas.grid[1, 0].character == "t")
    #expect(canvas.grid.lines == ["e\u{301}te."])
  }

  @Test func zeroWidthSpaceDrawsNothing() {
    var canvas = dottedCanvas(width: 3)
    #expect(canvas.drawText("a\u{200B}b", at: .zero) == 2)
    #expect(canvas.grid.lines == ["ab."])
  }

  @Test func emojiWithVariationSelectorIsWide() {
    var canvas = dottedCanvas(width: 4)
    #expect(canvas.drawText("❤️❤", at: .zero) == 3)
    #expect(canvas.grid[0, 0] == Cell("❤️", width: 2))
    #expect(canvas.grid[1, 0].isContinuation)
    #expect(canvas.grid[2, 0] == Cell("❤"))
  }

  @Test func flagsFamiliesAndSkinTonesTakeOneWideCellEach() {
    var canvas = Canvas(size: Size(width: 6, height: 1))
    #expect(canvas.drawText("🇯🇵👨‍👩‍👧👍🏽", at: .zero) == 6)
    #expect(canvas.grid[0, 0].character == "🇯🇵")
    #expect(canvas.grid[2, 0].character == "👨‍👩‍👧")
    #expect(canvas.grid[4, 0].character == "👍🏽")
    #expect([0, 2, 4].allSatisfy { canvas.grid[$0, 0].width == 2 })
  }

  @Test func tabsNeverReachTheGrid() {
    var canvas = dottedCanvas(width: 8)
    #expect(canvas.drawText("a\tb", at: .zero) == 5)
    #expect(canvas.grid.lines == ["a   b..."])
    #expect(!canvas.grid.cells.contains { $0.character == "\t" })
  }

  @Test func tabStopsAreCountedFromTheStartOfTheTextNotTheCanvas() {
    var canvas = dottedCanvas(width: 8)
    #expect(canvas.drawText("a\tb", at: Point(x: 2, y: 0)) == 5)
    #expect(canvas.grid.lines == ["..a   b."])
  }

  @Test func lineBreaksDrawAsOneSpace() {
    var canvas = dottedCanvas(width: 12)
    #expect(canvas.drawText("one\ntwo\r\n3", at: .zero) == 9)
    #expect(canvas.grid.lines == ["one two 3..."])
  }

  @Test func controlCharactersAreReplaced() {
    var canvas = dottedCanvas(width: 10)
    #expect(canvas.drawText("a\u{7}b\u{1B}[1m\u{9B}", at: .zero) == 8)
    #expect(canvas.grid.lines == ["a\u{FFFD}b\u{FFFD}[1m\u{FFFD}.."])
  }

  @Test func maxWidthNeverSplitsAWideCharacter() {
    var canvas = dottedCanvas(width: 8)
    #expect(canvas.drawText("你好世界", at: .zero, maxWidth: 5) == 4)
    #expect(canvas.grid.lines == ["你好...."])
  }

  @Test func maxWidthCutsATabAtTheLimit() {
    var canvas = dottedCanvas(width: 6)
    #expect(canvas.drawText("a\tb", at: .zero, maxWidth: 3) == 3)
    #expect(canvas.grid.lines == ["a  ..."])
  }

  @Test func nonPositiveMaxWidthDrawsNothing() {
    var canvas = dottedCanvas(width: 3)
    #expect(canvas.drawText("abc", at: .zero, maxWidth: 0) == 0)
    #expect(canvas.drawText("abc", at: .zero, maxWidth: -2) == 0)
    #expect(canvas.grid.lines == ["..."])
  }

  @Test func textBeyondTheCanvasIsClippedButCounted() {
    var canvas = Canvas(size: Size(width: 4, height: 2))
    #expect(canvas.drawText("hello", at: Point(x: -2, y: 0)) == 5)
    #expect(canvas.drawText("你好", at: Point(x: -1, y: 1)) == 4)
    #expect(canvas.grid.lines == ["llo ", " 好 "])
    #expect(canvas.drawText("far", at: Point(x: 0, y: 5)) == 3)
  }

  @Test(arguments: [
    (TextAlignment.leading, "abc....."),
    (TextAlignment.center, "..abc..."),
    (TextAlignment.trailing, ".....abc"),
  ])
  func alignedTextSitsLeadingCenteredOrTrailing(alignment: TextAlignment, expected: String) {
    var canvas = dottedCanvas(width: 8)
    let drawn = canvas.drawText("abc", in: canvas.bounds, alignment: alignment)
    #expect(drawn == 3)
    #expect(canvas.grid.lines == [expected])
  }

  @Test func alignmentMeasuresWideCharactersInCells() {
    var canvas = dottedCanvas(width: 8)
    canvas.drawText("你好", in: canvas.bounds, alignment: .trailing)
    #expect(canvas.grid.lines == ["....你好"])
  }

  @Test func alignedTextTooLongIsTruncatedWithAnEllipsis() {
    var canvas = dottedCanvas(width: 10, height: 2)
    canvas.drawText("Hello, world", in: Rect(x: 1, y: 0, width: 8, height: 1), alignment: .center)
    canvas.drawText("你好世界", in: Rect(x: 0, y: 1, width: 6, height: 1), alignment: .trailing)
    #expect(canvas.grid.lines == [".Hello, ….", ".你好…...."])
  }

  @Test func alignedTextUsesTheFirstRowOfTheRectangle() {
    var canvas = dottedCanvas(width: 3, height: 3)
    canvas.drawText("ab", in: Rect(x: 0, y: 1, width: 3, height: 2), alignment: .leading)
    #expect(canvas.grid.lines == ["...", "ab.", "..."])
  }

  @Test func truncationAddsEllipsisByCells() {
    #expect("Hello, world".truncated(toWidth: 8) == "Hello, …")
    #expect("你好世界".truncated(toWidth: 6) == "你好…")
    #expect("Hello, world".truncated(toWidth: 8, ellipsis: "...") == "Hello...")
  }

  @Test func truncationLeavesTextThatFitsUnchanged() {
    #expect("Hello".truncated(toWidth: 5) == "Hello")
    #expect("你好".truncated(toWidth: 4) == "你好")
  }

  @Test func truncationDropsAWideCharacterRatherThanSplittingIt() {
    let truncated = "你好世界".truncated(toWidth: 4)
    #expect(truncated == "你…")
    #expect(truncated.cellWidth == 3)
  }

  @Test func truncationKeepsCombiningMarksWithTheirBase() {
    #expect("e\u{301}e\u{301}e\u{301}".truncated(toWidth: 2) == "e\u{301}…")
  }

  @Test func truncationWithoutRoomForTheEllipsisCutsTheTextHard() {
    #expect("Hello".truncated(toWidth: 2, ellipsis: "...") == "He")
    #expect("Hello".truncated(toWidth: 1) == "…")
    #expect("Hello".truncated(toWidth: 0) == "")
  }

  @Test func paddingFillsToTheWidthInCells() {
    #expect("你".padded(toWidth: 4) == "你  ")
    #expect("e\u{301}".padded(toWidth: 2) == "e\u{301} ")
    #expect("abcdef".padded(toWidth: 3) == "abcdef")
  }

  // Found by the text fuzz suite: a prepended mark (here MALAYALAM LETTER DOT REPH) takes
  // the first space after it into its grapheme, which then adds no width.
  @Test func paddingAfterAPrependedMarkStillFillsTheWidth() {
    for text in ["\u{D4E}", "ab\u{D4E}", "\u{64D2E}\u{8B4B1}\u{C2F5F}\u{D4E}", "\u{600}"] {
      for width in 0...8 {
        #expect(text.padded(toWidth: width).cellWidth >= width, "\(text.unicodeScalars), \(width)")
      }
    }
  }
}

import Testing

@testable import ScreenKitCurses

/// The answers to an inline region's position requests, taken out of the input and nothing
/// else: keys around them, an answer cut between reads, and the same bytes when no answer is
/// awaited (a key then) all stay input.
@Suite struct CursorReportFilterTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func anAwaitedAnswerIsTakenAndTheKeysAroundItStay() {
    var filter = CursorReportFilter()
    filter.expectReport()
    var input = bytes("a\u{1B}[12;1Rb")
    let answer = filter.take(from: &input)
    #expect(answer?.row == 12 && answer?.column == 1)
    #expect(input == bytes("ab"))
    #expect(!filter.isAwaiting)
  }

  @Test func theSameBytesAreAKeyWhenNoAnswerIsAwaited() {
    var filter = CursorReportFilter()
    var input = bytes("\u{1B}[1;2R")
    #expect(filter.take(from: &input) == nil)
    #expect(input == bytes("\u{1B}[1;2R"))
  }

  @Test func anAnswerCutBetweenReadsIsHeldUntilTheRestComes() {
    var filter = CursorReportFilter()
    filter.expectReport()
    var first = bytes("x\u{1B}[3")
    #expect(filter.take(from: &first) == nil)
    #expect(first == bytes("x"))
    var second = bytes("4;5Ry")
    let answer = filter.take(from: &second)
    #expect(answer?.row == 34 && answer?.column == 5)
    #expect(second == bytes("y"))
  }

  /// An Escape alone at the end of a read may be the start of an answer or the Escape key:
  /// its owner gives it back as input once the escape delay passed, and the next bytes are
  /// not taken for the rest of it.
  @Test func whatIsHeldIsGivenBackAsInputAndTheNextBytesAreInputToo() {
    var filter = CursorReportFilter()
    filter.expectReport()
    var first = bytes("a\u{1B}")
    #expect(filter.take(from: &first) == nil)
    #expect(first == bytes("a") && filter.isHolding)
    #expect(filter.releaseHeld() == bytes("\u{1B}"))
    #expect(!filter.isHolding && filter.isAwaiting)
    var next = bytes("[5;1R")
    #expect(filter.take(from: &next) == nil)
    #expect(next == bytes("[5;1R"))
    #expect(filter.awaitedCount == 1)
  }

  @Test func otherSequencesPassThroughWhileAnAnswerIsAwaited() {
    var filter = CursorReportFilter()
    filter.expectReport()
    var input = bytes("\u{1B}[A\u{1B}[<0;3;4M\u{1B}[7;9R")
    let answer = filter.take(from: &input)
    #expect(answer?.row == 7 && answer?.column == 9)
    #expect(input == bytes("\u{1B}[A\u{1B}[<0;3;4M"))
  }

  @Test func onlyTheLastOfSeveralRequestsSaysWhereTheRegionIs() {
    var filter = CursorReportFilter()
    filter.expectReport()
    filter.expectReport()
    var first = bytes("\u{1B}[5;1R")
    #expect(filter.take(from: &first) == nil)
    #expect(first.isEmpty)
    #expect(filter.isAwaiting)
    var second = bytes("\u{1B}[9;1R")
    #expect(filter.take(from: &second)?.row == 9)
    #expect(!filter.isAwaiting)
  }
}

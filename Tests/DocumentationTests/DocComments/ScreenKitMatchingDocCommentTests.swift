// swift-format-ignore-file
import ScreenKitMatching
import Testing

/// The examples of ScreenKitMatching's doc comments, run.
@Suite struct ScreenKitMatchingDocCommentTests {
  @Test func aFuzzyMatcherScoresAndPlacesTheQuery() {
    // snippet: doc-fuzzy-matcher
    var matcher = FuzzyMatcher(FuzzyPattern("sfc"))
    let score = matcher.score("Sources/FrameChanges.swift")   // nil: the text is left out
    let match = matcher.match("Sources/FrameChanges.swift")   // the score, where to highlight
    // end-snippet
    #expect(score != nil && score == match?.score)
    #expect(match?.utf8Offsets == [0, 8, 13])
    #expect(matcher.score("Tests") == nil)
  }

  @Test func aSplitterCutsReadsIntoLines() {
    // snippet: doc-line-splitter
    var splitter = LineSplitter()
    splitter.append(Array("one\ntw".utf8))
    splitter.append(Array("o\nthree".utf8))
    let chunks = [splitter.takeChunk(), splitter.finish()]   // ["one", "two"], ["three"]
    // end-snippet
    #expect(chunks.map { $0?.count } == [2, 1])
    #expect(chunks[0].map { Array($0.line(1)) } == Array("two".utf8))
    #expect(chunks[1].map { Array($0.line(0)) } == Array("three".utf8))
  }

  @Test func aRankerRanksChunksOfLines() async {
    // snippet: doc-fuzzy-ranker
    let chunk = LineChunk(lines: ["Sources/Stage.swift", "README.md"].map(\.utf8))
    let ranking = await FuzzyRanker.rank(FuzzyPattern("st"), in: [chunk], limit: 10, workers: 2)
    // ranking?.matchCount == 1, ranking?.top.first?.line == 0
    // end-snippet
    #expect(ranking?.matchCount == 1)
    #expect(ranking?.top.first?.line == 0)
  }
}

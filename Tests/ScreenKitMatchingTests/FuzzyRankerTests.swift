import ScreenKitMatching
import ScreenKitSimulation
import Testing

/// Ranking off the main actor: the same lines, in the same order, as scoring every line and
/// sorting them, however the work was split or reused.
@Suite struct FuzzyRankerTests {
  private static let words = ["src", "Stage", "swift", "screen", "kit", "io", "view", "Fast"]

  private func chunks(_ count: Int, seed: UInt64, perChunk: Int = 7) -> [LineChunk] {
    var random = SeededRandom(seed: seed)
    let lines = (0..<count).map { _ in
      (0..<Int.random(in: 1...4, using: &random)).map { _ in
        Self.words.randomElement(using: &random) ?? ""
      }.joined(separator: "/")
    }
    return stride(from: 0, to: lines.count, by: perChunk).map {
      LineChunk(lines: lines[$0..<min($0 + perChunk, lines.count)].map(\.utf8))
    }
  }

  /// Every line scored, sorted by rank: what a ranking must equal.
  private func expected(_ query: String, _ chunks: [LineChunk], limit: Int) -> (Int, [RankedLine]) {
    var matcher = FuzzyMatcher(FuzzyPattern(query))
    var all: [RankedLine] = []
    for (index, chunk) in chunks.enumerated() {
      for line in 0..<chunk.count {
        let score = query.isEmpty ? 0 : chunk.withLine(line) { matcher.score(utf8: $0) }
        guard let score else { continue }
        all.append(
          RankedLine(chunk: index, line: line, score: score, length: chunk.line(line).count))
      }
    }
    let sorted = query.isEmpty ? all : all.sorted { $0.ranks(before: $1) }
    return (all.count, Array(sorted.prefix(limit)))
  }

  private func expectSame(
    _ ranking: FuzzyRanking?, _ query: String, _ chunks: [LineChunk], limit: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let (count, top) = expected(query, chunks, limit: limit)
    #expect(ranking?.matchCount == count, "\"\(query)\"", sourceLocation: sourceLocation)
    #expect(ranking?.top == top, "\"\(query)\"", sourceLocation: sourceLocation)
    #expect(
      ranking?.lineCount == chunks.reduce(0) { $0 + $1.count }, sourceLocation: sourceLocation)
  }

  @Test(arguments: [1, 2, 3, 8])
  func aRankingIsEveryLineScoredAndSorted(workers: Int) async {
    let chunks = chunks(500, seed: 7)
    for query in ["", "s", "sw", "Stage", "kv", "xyz", "s/s/s"] {
      let ranking = await FuzzyRanker.rank(
        FuzzyPattern(query), in: chunks, limit: 25, workers: workers)
      expectSame(ranking, query, chunks, limit: 25)
    }
  }

  @Test func typingNarrowsAndDeletingWidensToTheSameRankingAsFromScratch() async {
    let chunks = chunks(400, seed: 11)
    var previous: FuzzyRanking?
    for query in ["s", "sc", "scr", "scre", "scr", "s", "sS", "Ss", "", "k", "ki", "kit"] {
      previous = await FuzzyRanker.rank(
        FuzzyPattern(query), in: chunks, after: previous, limit: 10, workers: 2)
      expectSame(previous, query, chunks, limit: 10)
    }
  }

  @Test func linesThatArriveLaterAreRankedWithTheOnesBefore() async {
    let all = chunks(300, seed: 3)
    var previous: FuzzyRanking?
    for end in stride(from: 1, through: all.count, by: 5) {
      let chunks = Array(all[..<end])
      previous = await FuzzyRanker.rank(
        FuzzyPattern("sw"), in: chunks, after: previous, limit: 8, workers: 2)
      expectSame(previous, "sw", chunks, limit: 8)
    }
    let more = await FuzzyRanker.rank(
      FuzzyPattern("sw"), in: all, after: previous, limit: 40, workers: 2)
    expectSame(more, "sw", all, limit: 40)
  }

  @Test func aLongerQueryLooksOnlyAtTheLinesTheShorterMatched() {
    #expect(FuzzyPattern("scr").narrows(FuzzyPattern("sc")))
    #expect(FuzzyPattern("xsyc").narrows(FuzzyPattern("sc")))
    #expect(FuzzyPattern("sC").narrows(FuzzyPattern("sc")))
    #expect(!FuzzyPattern("sc").narrows(FuzzyPattern("sC")))
    #expect(!FuzzyPattern("cs").narrows(FuzzyPattern("sc")))
    #expect(FuzzyPattern("anything").narrows(FuzzyPattern("")))
  }

  @Test func aCancelledRankingGivesNothing() async {
    let chunks = chunks(100, seed: 5)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await FuzzyRanker.rank(FuzzyPattern("s"), in: chunks, limit: 10, workers: 2)
    }
    #expect(await task.value == nil)
  }

  @Test func linesThatAreNotUTF8MatchByTheirBytes() async throws {
    let chunk = LineChunk(lines: [[0xFF, 0x61, 0x00, 0x62], [0x62, 0x61]])
    let ranking = try #require(
      await FuzzyRanker.rank(FuzzyPattern("ab"), in: [chunk], limit: 5, workers: 1))
    #expect(ranking.top.map(\.line) == [0])
  }
}

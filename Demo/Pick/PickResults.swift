import ScreenKit
import ScreenKitMatching

/// What a picker's list shows: the best lines for a query, best first, and the counts.
struct PickResults: Sendable {
  /// The pattern the lines matched, for highlighting.
  var pattern: FuzzyPattern
  /// The best lines, best first, as they were read.
  var lines: [ArraySlice<UInt8>]
  /// How many lines matched.
  var matchCount: Int
  /// How many lines were looked at.
  var lineCount: Int

  /// No lines, for `query`.
  init(query: String = "") {
    self.init(pattern: FuzzyPattern(query), lines: [], matchCount: 0, lineCount: 0)
  }

  init(pattern: FuzzyPattern, lines: [ArraySlice<UInt8>], matchCount: Int, lineCount: Int) {
    self.pattern = pattern
    self.lines = lines
    self.matchCount = matchCount
    self.lineCount = lineCount
  }

  /// The best lines of `ranking`, read from `candidates`.
  init(_ ranking: FuzzyRanking, of candidates: Candidates) {
    self.init(
      pattern: ranking.pattern, lines: ranking.top.map(candidates.line),
      matchCount: ranking.matchCount, lineCount: ranking.lineCount)
  }
}

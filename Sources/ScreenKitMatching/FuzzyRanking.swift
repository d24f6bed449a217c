/// The lines of some chunks that match a ``FuzzyPattern``: how many, and the best of them in
/// order; what ``FuzzyRanker`` makes and narrows when a query grows or more lines arrive.
public struct FuzzyRanking: Sendable {
  /// The pattern the lines were matched against.
  public let pattern: FuzzyPattern
  /// How many of the best lines ``top`` holds at most.
  public let limit: Int
  /// The number of chunks ranked: the first of those given.
  public let chunkCount: Int
  /// The lines in those chunks.
  public let lineCount: Int
  /// The lines that match.
  public let matchCount: Int
  /// The best lines, best first (see ``RankedLine/ranks(before:)``), at most ``limit``; with
  /// an empty query, the first lines in order.
  public let top: [RankedLine]
  /// For each chunk ranked, the lines that matched, ascending.
  ///
  /// `nil` where all did (the empty query). A longer query looks at these lines only.
  let matches: [[UInt32]?]

  /// The ranking of no lines.
  public init(pattern: FuzzyPattern, limit: Int) {
    self.init(
      pattern: pattern, limit: limit, chunkCount: 0, lineCount: 0, matchCount: 0, top: [],
      matches: [])
  }

  init(
    pattern: FuzzyPattern, limit: Int, chunkCount: Int, lineCount: Int, matchCount: Int,
    top: [RankedLine], matches: [[UInt32]?]
  ) {
    self.pattern = pattern
    self.limit = limit
    self.chunkCount = chunkCount
    self.lineCount = lineCount
    self.matchCount = matchCount
    self.top = top
    self.matches = matches
  }
}

/// A line that matched, in a ``FuzzyRanking``: where it is among the chunks ranked, and its
/// score.
public struct RankedLine: Hashable, Sendable {
  /// The index of its ``LineChunk`` in the chunks ranked.
  public var chunk: Int
  /// The index of the line in its chunk.
  public var line: Int
  /// Its ``FuzzyMatch/score``; 0 for every line when the query is empty.
  public var score: Int
  /// Its length in bytes, which breaks ties: of two lines that score the same, the shorter
  /// ranks first, then the one that came first.
  public var length: Int

  /// A line of chunk `chunk` at `line` that scored `score` and is `length` bytes long.
  public init(chunk: Int, line: Int, score: Int, length: Int) {
    self.chunk = chunk
    self.line = line
    self.score = score
    self.length = length
  }

  /// Whether this line ranks before `other`: a higher score, then a shorter line, then the
  /// one that came first.
  public func ranks(before other: RankedLine) -> Bool {
    if score != other.score { return score > other.score }
    if length != other.length { return length < other.length }
    if chunk != other.chunk { return chunk < other.chunk }
    return line < other.line
  }
}

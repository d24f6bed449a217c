/// How well a ``FuzzyPattern`` matched a text: its score, higher is better, and where its
/// characters were found.
public struct FuzzyMatch: Hashable, Sendable {
  /// The score, higher for a better match; comparable between matches of one pattern only.
  ///
  /// Each matched character counts, more at the start of a word (after a space, a `/`, `-`,
  /// `_` or `.`, or a lower-case letter before an upper-case one) and in runs of consecutive
  /// characters; gaps between them cost.
  public var score: Int
  /// The UTF-8 offsets in the text of the bytes the pattern's characters matched, ascending:
  /// what a list highlights.
  public var utf8Offsets: [Int]

  /// A match with `score` at `utf8Offsets`.
  public init(score: Int, utf8Offsets: [Int]) {
    self.score = score
    self.utf8Offsets = utf8Offsets
  }
}

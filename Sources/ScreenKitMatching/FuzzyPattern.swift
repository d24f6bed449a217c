/// A query typed to filter a list: its characters must appear in a text in order, not
/// necessarily together ("sfc" matches "Sources/FrameChanges"), and how well they appear is
/// scored (``FuzzyMatch/score``).
///
/// Matching is by UTF-8 bytes: a query with no upper-case ASCII letter ignores ASCII case
/// ("smart case"); other characters match exactly. A pattern is a value to share between
/// threads; the work space of matching is a ``FuzzyMatcher``, one per thread.
///
/// The ranking prefers, in this order of weight: characters at the start of words (the first
/// of the query most), runs of consecutive characters (a run keeps the bonus of the word it
/// starts), and short gaps. A text is first scanned once for the query as a subsequence,
/// which rejects most texts in one pass; only a text that has it is scored, by dynamic
/// programming over the part of it between the query's first possible start and its last
/// possible end. As fzf's, the table keeps one score a cell, so where a run's carried bonus
/// would pay off later it can miss the best placement by a few points.
public struct FuzzyPattern: Hashable, Sendable {
  /// The query's bytes, folded to lower case unless ``isCaseSensitive``.
  let bytes: [UInt8]
  /// Whether case matters: the query has an upper-case ASCII letter.
  public let isCaseSensitive: Bool

  /// The pattern of `query`.
  public init(_ query: String) {
    let bytes = Array(query.utf8)
    isCaseSensitive = bytes.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    self.bytes = isCaseSensitive ? bytes : bytes.map(Self.folded)
  }

  /// Whether the query is empty: it matches every text with a score of 0.
  public var isEmpty: Bool { bytes.isEmpty }

  /// Whether every text this pattern matches is matched by `other` too, so a search for this
  /// one need only look at `other`'s matches: `other`'s query is in this one, in order.
  public func narrows(_ other: FuzzyPattern) -> Bool {
    if other.isCaseSensitive && !isCaseSensitive { return false }
    var remaining = other.bytes[...]
    for byte in bytes where remaining.first == (other.isCaseSensitive ? byte : Self.folded(byte)) {
      remaining.removeFirst()
    }
    return remaining.isEmpty
  }

  /// ASCII lower case of `byte`.
  static func folded(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }
}

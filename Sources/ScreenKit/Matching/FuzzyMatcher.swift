/// Matches texts against a ``FuzzyPattern``, reusing its work space from text to text: one per
/// thread that filters, none shared.
///
/// ```swift
/// var matcher = FuzzyMatcher(FuzzyPattern("sfc"))
/// let score = matcher.score("Sources/FrameChanges.swift")   // nil: the text is left out
/// let match = matcher.match("Sources/FrameChanges.swift")   // the score, where to highlight
/// ```
public struct FuzzyMatcher {
  /// The pattern texts are matched against.
  public let pattern: FuzzyPattern
  /// The best score with the query's first `j + 1` bytes matched and the last at window
  /// position `i`, row by row (`j * width + i`); `none` where there is none.
  private var best: [Int32] = []
  /// The window position of the previous byte's match in that best way.
  private var from: [Int32] = []
  /// The bonus a run of consecutive matches carries: that of the position that started it.
  private var runBonus: [Int32] = []
  /// Per row, the best way to reach the current position after a gap, and where it came from.
  private var gap: [Int32] = []
  private var gapFrom: [Int32] = []

  /// A matcher for `pattern`.
  public init(_ pattern: FuzzyPattern) {
    self.pattern = pattern
  }

  /// The score of the best way `text` holds the pattern, or `nil` when it does not.
  public mutating func score(_ text: some StringProtocol) -> Int? {
    withBytes(of: text) { score(bytes: $0, positions: false)?.score }
  }

  /// The score and positions of the best way `text` holds the pattern, or `nil`.
  public mutating func match(_ text: some StringProtocol) -> FuzzyMatch? {
    withBytes(of: text) { score(bytes: $0, positions: true) }
  }

  private func withBytes<Result>(
    of text: some StringProtocol, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
  }

  // MARK: Scoring

  private static let match: Int32 = 16
  private static let gapStart: Int32 = -3
  private static let gapExtension: Int32 = -1
  private static let consecutive: Int32 = 4
  private static let firstCharacterMultiplier: Int32 = 2
  private static let none = Int32.min / 2

  /// What kind of byte a text has at a position, for the bonus of the one after it.
  private enum Kind {
    case white, delimiter, punctuation, lower, upper, digit, other
  }

  private static func kind(of byte: UInt8) -> Kind {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): .lower
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): .upper
    case UInt8(ascii: "0")...UInt8(ascii: "9"): .digit
    case UInt8(ascii: " "), UInt8(ascii: "\t"): .white
    case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"),
      UInt8(ascii: "|"):
      .delimiter
    case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: .punctuation
    default: .other
    }
  }

  /// The bonus of matching at a position of kind `kind` after one of kind `previous`: the
  /// start of a word scores most, after a space more than after a `/`, and more than a
  /// camel-case hump or the first digit of a number.
  private static func bonus(_ previous: Kind, _ kind: Kind) -> Int32 {
    switch (previous, kind) {
    case (_, .white), (_, .delimiter), (_, .punctuation): 8
    case (.white, _): 10
    case (.delimiter, _): 9
    case (.punctuation, _): 8
    case (.lower, .upper): 7
    case (.lower, .digit), (.upper, .digit), (.other, .digit): 7
    default: 0
    }
  }

  private mutating func score(bytes text: UnsafeBufferPointer<UInt8>, positions: Bool)
    -> FuzzyMatch?
  {
    let query = pattern.bytes
    guard !query.isEmpty else { return FuzzyMatch(score: 0, utf8Offsets: []) }
    let fold = !pattern.isCaseSensitive
    func byte(_ index: Int) -> UInt8 { fold ? FuzzyPattern.folded(text[index]) : text[index] }
    // One pass finds the query as a subsequence, or rejects the text.
    var next = 0
    var firstStart = -1
    for index in text.indices where byte(index) == query[next] {
      if next == 0 { firstStart = index }
      next += 1
      if next == query.count { break }
    }
    guard next == query.count else { return nil }
    // The last place the query's last byte can be.
    let lastByte = query[query.count - 1]
    var lastEnd = text.count - 1
    while byte(lastEnd) != lastByte { lastEnd -= 1 }
    let start = firstStart
    let width = lastEnd - start + 1
    let rows = query.count
    let cells = rows * width
    if best.count < cells {
      best = Array(repeating: Self.none, count: cells)
      from = Array(repeating: -1, count: cells)
      runBonus = Array(repeating: 0, count: cells)
    }
    if gap.count < rows {
      gap = Array(repeating: Self.none, count: rows)
      gapFrom = Array(repeating: -1, count: rows)
    }
    for j in 0..<rows {
      gap[j] = Self.none
      gapFrom[j] = -1
    }
    var previousKind = start == 0 ? Kind.white : Self.kind(of: text[start - 1])
    for i in 0..<width {
      let kind = Self.kind(of: text[start + i])
      let bonus = Self.bonus(previousKind, kind)
      previousKind = kind
      let character = byte(start + i)
      // Rows from the last down, so that each reads the row above as it was at i - 1.
      for j in stride(from: rows - 1, through: 0, by: -1) {
        let cell = j * width + i
        if j > 0, i >= 2 {
          // A gap ending here: one more byte of an old gap, or a new one after i - 2.
          let opened = best[(j - 1) * width + i - 2]
          let extended = gap[j] > Self.none ? gap[j] + Self.gapExtension : Self.none
          if opened > Self.none, opened + Self.gapStart >= extended {
            gap[j] = opened + Self.gapStart
            gapFrom[j] = Int32(i - 2)
          } else {
            gap[j] = extended
          }
        }
        best[cell] = Self.none
        from[cell] = -1
        guard character == query[j] else { continue }
        if j == 0 {
          best[cell] = Self.match + bonus * Self.firstCharacterMultiplier
          runBonus[cell] = bonus
          continue
        }
        guard i > 0 else { continue }
        let before = (j - 1) * width + i - 1
        if best[before] > Self.none {
          // Straight after the previous byte: the run goes on, with the bonus it started with.
          let carried = max(bonus, runBonus[before], Self.consecutive)
          best[cell] = best[before] + Self.match + carried
          from[cell] = Int32(i - 1)
          runBonus[cell] = carried
        }
        if gap[j] > Self.none, gap[j] + Self.match + bonus > best[cell] {
          best[cell] = gap[j] + Self.match + bonus
          from[cell] = gapFrom[j]
          runBonus[cell] = bonus
        }
      }
    }
    // The best end of the last row, then back through `from` for the positions.
    let lastRow = (rows - 1) * width
    var end = -1
    var top = Self.none
    for i in 0..<width where best[lastRow + i] > top {
      top = best[lastRow + i]
      end = i
    }
    guard end >= 0 else { return nil }
    guard positions else { return FuzzyMatch(score: Int(top), utf8Offsets: []) }
    var offsets = [Int](repeating: 0, count: rows)
    var i = end
    for j in stride(from: rows - 1, through: 0, by: -1) {
      offsets[j] = start + i
      if j > 0 { i = Int(from[j * width + i]) }
    }
    return FuzzyMatch(score: Int(top), utf8Offsets: offsets)
  }
}

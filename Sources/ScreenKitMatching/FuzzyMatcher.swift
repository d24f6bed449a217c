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
  /// Per row, the first and the last window position its byte can take in a whole placement.
  ///
  /// They are `bounds[2 * j]` and `bounds[2 * j + 1]`; then, per window position, the bonus
  /// of matching there (`bounds[2 * rows + i]`). Cells outside a row's bounds are never read.
  private var bounds: [Int32] = []

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

  /// The score of the best way the UTF-8 bytes `text` hold the pattern, or `nil`: for texts
  /// kept as bytes, which need not be valid UTF-8.
  public mutating func score(utf8 text: UnsafeBufferPointer<UInt8>) -> Int? {
    score(bytes: text, positions: false)?.score
  }

  /// The score and positions of the best way the UTF-8 bytes `text` hold the pattern, or `nil`.
  public mutating func match(utf8 text: UnsafeBufferPointer<UInt8>) -> FuzzyMatch? {
    score(bytes: text, positions: true)
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
  private enum Kind: Int {
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

  // NB: tables made once: a switch per byte was a third of a line's time.
  /// The kind of each byte value.
  private static let kinds: [UInt8] = (0...255).map { UInt8(kind(of: UInt8($0)).rawValue) }
  /// The bonus of each pair of kinds, `previous * 7 + kind`.
  private static let bonuses: [Int32] = (0..<49).map {
    bonus(Kind(rawValue: $0 / 7) ?? .other, Kind(rawValue: $0 % 7) ?? .other)
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
    let first = query[0]
    let count = query.count
    var index = 0
    while index < text.count {
      if byte(index) == query[next] {
        if next == 0 { firstStart = index }
        next += 1
        if next == count { break }
      }
      index += 1
    }
    guard next == count else { return nil }
    // The last place the query's last byte can be.
    let lastByte = query[count - 1]
    var lastEnd = text.count - 1
    while byte(lastEnd) != lastByte { lastEnd -= 1 }
    let start = firstStart
    let width = lastEnd - start + 1
    let kinds = Self.kinds
    let bonuses = Self.bonuses
    func bonus(at position: Int) -> Int32 {
      let previous = position == 0 ? Int(Kind.white.rawValue) : Int(kinds[Int(text[position - 1])])
      return bonuses[previous * 7 + Int(kinds[Int(text[position])])]
    }
    if count == 1 {
      // One byte: the best single position, no table.
      var top = Self.none
      var at = -1
      for i in start...lastEnd where byte(i) == first {
        let score = Self.match + bonus(at: i) * Self.firstCharacterMultiplier
        if score > top {
          top = score
          at = i
        }
      }
      return FuzzyMatch(score: Int(top), utf8Offsets: positions ? [at] : [])
    }
    let rows = count
    let cells = rows * width
    if cells > Self.maximumCells {
      return greedyMatch(text: text, fold: fold, from: start, positions: positions)
    }
    if best.count < cells {
      best = Array(repeating: Self.none, count: cells)
      from = Array(repeating: -1, count: cells)
      runBonus = Array(repeating: 0, count: cells)
    }
    if bounds.count < 2 * rows + width {
      bounds = Array(repeating: 0, count: 2 * rows + width)
    }
    let top: Int32
    let end: Int
    (top, end) = best.withUnsafeMutableBufferPointer { best in
      from.withUnsafeMutableBufferPointer { from in
        runBonus.withUnsafeMutableBufferPointer { runBonus in
          bounds.withUnsafeMutableBufferPointer { bounds in
            query.withUnsafeBufferPointer { query in
              Self.fill(
                text: text, fold: fold, query: query, start: start, width: width,
                best: best, from: from, runBonus: runBonus, bounds: bounds)
            }
          }
        }
      }
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

  /// The most cells a table may have: 4 MiB for each of its three arrays.
  ///
  /// A longer text (a line of megabytes) is scored by its first placement instead, so that one
  /// line cannot take memory by the hundred megabytes.
  public static let maximumCells = 1 << 20

  /// The first placement of the query from `start`, scored as the table scores a placement.
  private func greedyMatch(
    text: UnsafeBufferPointer<UInt8>, fold: Bool, from start: Int, positions: Bool
  ) -> FuzzyMatch {
    let query = pattern.bytes
    var offsets: [Int] = []
    var score: Int32 = 0
    var runBonus: Int32 = 0
    var previous = -1
    var index = start
    for (j, wanted) in query.enumerated() {
      while (fold ? FuzzyPattern.folded(text[index]) : text[index]) != wanted { index += 1 }
      let previousKind = index == 0 ? Kind.white.rawValue : Int(Self.kinds[Int(text[index - 1])])
      let bonus = Self.bonuses[previousKind * 7 + Int(Self.kinds[Int(text[index])])]
      if j == 0 {
        score = Self.match + bonus * Self.firstCharacterMultiplier
        runBonus = bonus
      } else if index == previous + 1 {
        runBonus = max(bonus, runBonus, Self.consecutive)
        score += Self.match + runBonus
      } else {
        let skipped = Int32(index - previous - 1)
        score += Self.gapStart + (skipped - 1) * Self.gapExtension + Self.match + bonus
        runBonus = bonus
      }
      if positions { offsets.append(index) }
      previous = index
      index += 1
    }
    return FuzzyMatch(score: Int(score), utf8Offsets: offsets)
  }

  /// Fills the table over the window `start ..< start + width` and returns the best score of
  /// the last row and its window position (-1 when there is none).
  ///
  /// Row by row, each over the positions its byte can take in a placement of the whole query:
  /// from where the first placement puts it (the greedy match from the left) to where the last
  /// one does (from the right). Outside those, no cell can be part of a whole match, so none is
  /// filled or read; on path-like lines that is about half the table.
  private static func fill(
    text: UnsafeBufferPointer<UInt8>, fold: Bool, query: UnsafeBufferPointer<UInt8>, start: Int,
    width: Int, best: UnsafeMutableBufferPointer<Int32>, from: UnsafeMutableBufferPointer<Int32>,
    runBonus: UnsafeMutableBufferPointer<Int32>, bounds: UnsafeMutableBufferPointer<Int32>
  ) -> (Int32, Int) {
    let rows = query.count
    func character(_ i: Int) -> UInt8 {
      fold ? FuzzyPattern.folded(text[start + i]) : text[start + i]
    }
    // The first placement, from the left, and the last, from the right.
    var i = 0
    for j in 0..<rows {
      while character(i) != query[j] { i += 1 }
      bounds[2 * j] = Int32(i)
      i += 1
    }
    i = width - 1
    for j in stride(from: rows - 1, through: 0, by: -1) {
      while character(i) != query[j] { i -= 1 }
      bounds[2 * j + 1] = Int32(i)
      i -= 1
    }
    // The bonus of matching at each position.
    let kinds = Self.kinds
    let bonuses = Self.bonuses
    var previousKind = start == 0 ? Int(Kind.white.rawValue) : Int(kinds[Int(text[start - 1])])
    for i in 0..<width {
      let kind = Int(kinds[Int(text[start + i])])
      bounds[2 * rows + i] = bonuses[previousKind * 7 + kind]
      previousKind = kind
    }
    func bonus(_ i: Int) -> Int32 { bounds[2 * rows + i] }

    for i in Int(bounds[0])...Int(bounds[1]) {
      if character(i) == query[0] {
        best[i] = match + bonus(i) * firstCharacterMultiplier
        runBonus[i] = bonus(i)
      } else {
        best[i] = none
      }
      from[i] = -1
    }
    for j in 1..<rows {
      let low = Int(bounds[2 * j])
      let high = Int(bounds[2 * j + 1])
      let previousLow = Int(bounds[2 * j - 2])
      let previousHigh = Int(bounds[2 * j - 1])
      let row = j * width
      let previousRow = row - width
      let wanted = query[j]
      // The best way to reach the current position after a gap, and where it came from.
      var gap = none
      var gapFrom: Int32 = -1
      // A gap ending at `i`: one more byte of an old gap, or a new one after `i - 2`.
      func extendGap(to i: Int) {
        let opening = i - 2
        let opened =
          opening >= previousLow && opening <= previousHigh ? best[previousRow + opening] : none
        let extended = gap > none ? gap + gapExtension : none
        if opened > none, opened + gapStart >= extended {
          gap = opened + gapStart
          gapFrom = Int32(opening)
        } else {
          gap = extended
        }
      }
      // NB: gaps that open on the row above before this row's first position.
      var i = previousLow + 2
      while i < low {
        extendGap(to: i)
        i += 1
      }
      for i in low...high {
        if i - 2 >= previousLow { extendGap(to: i) }
        let cell = row + i
        best[cell] = none
        from[cell] = -1
        guard character(i) == wanted else { continue }
        let before = i - 1
        if before >= previousLow, before <= previousHigh, best[previousRow + before] > none {
          // Straight after the previous byte: the run goes on, with the bonus it started with.
          let carried = max(bonus(i), runBonus[previousRow + before], consecutive)
          best[cell] = best[previousRow + before] + match + carried
          from[cell] = Int32(before)
          runBonus[cell] = carried
        }
        if gap > none, gap + match + bonus(i) > best[cell] {
          best[cell] = gap + match + bonus(i)
          from[cell] = gapFrom
          runBonus[cell] = bonus(i)
        }
      }
    }
    let lastRow = (rows - 1) * width
    var end = -1
    var top = none
    for i in Int(bounds[2 * rows - 2])...Int(bounds[2 * rows - 1]) where best[lastRow + i] > top {
      top = best[lastRow + i]
      end = i
    }
    return (top, end)
  }
}

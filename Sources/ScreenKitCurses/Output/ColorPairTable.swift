public import ScreenKit

/// Colour pairs allocated on demand and reused: each foreground/background combination gets
/// one ncurses pair number the first time it is drawn and keeps it.
///
/// Pair 0 is ncurses' fixed pair of the terminal's default colours; every other pair comes
/// from `range`. When the range is used up, further combinations fall back to pair 0 rather
/// than redefine a pair that cells on screen still show.
public struct ColorPairTable: Sendable {
  /// The result of a lookup: the pair number, and whether it was just allocated and so must
  /// be defined with `init_extended_pair` before use.
  public struct Lookup: Hashable, Sendable {
    /// The ncurses pair number.
    public var pair: Int
    /// Whether the caller must define the pair now.
    public var isNew: Bool
  }

  /// A foreground/background combination, as palette indices (`nil` is the default colour).
  private struct Key: Hashable {
    var foreground: UInt8?
    var background: UInt8?
  }

  /// The pair numbers this table may hand out.
  public let range: ClosedRange<Int>
  private var pairs: [Key: Int] = [:]
  private var next: Int

  /// Creates an empty table that allocates from `range` (pair 0 is never in it).
  public init(range: ClosedRange<Int>) {
    self.range = max(1, range.lowerBound)...max(1, range.upperBound)
    self.next = self.range.lowerBound
  }

  /// Creates an empty table for a terminal with `colorPairs` pairs (ncurses `COLOR_PAIRS`).
  public init(colorPairs: Int) {
    self.init(range: 1...max(1, colorPairs - 1))
    if colorPairs <= 1 { next = range.upperBound + 1 }
  }

  /// The number of pairs allocated so far.
  public var count: Int { pairs.count }

  /// The pair for `foreground` on `background`, allocating one when the combination is new.
  public mutating func pair(foreground: Color, background: Color) -> Lookup {
    if foreground.index == nil && background.index == nil { return Lookup(pair: 0, isNew: false) }
    let key = Key(foreground: foreground.index, background: background.index)
    if let pair = pairs[key] { return Lookup(pair: pair, isNew: false) }
    guard next <= range.upperBound else { return Lookup(pair: 0, isNew: false) }
    let pair = next
    next += 1
    pairs[key] = pair
    return Lookup(pair: pair, isNew: true)
  }
}

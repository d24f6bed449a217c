/// A cell as ``FrameDiffer`` remembers it from the last frame: one word, where a full ``Cell``
/// takes three.
///
/// A cell whose grapheme is one Unicode scalar (nearly every cell a terminal shows) is packed
/// whole: the scalar, the width, the attributes and both colours, 55 bits. Two such records
/// are equal exactly when their cells have the same scalar and the same look: stricter than
/// `Cell ==`, which takes canonically equivalent characters as equal (U+212B ANGSTROM SIGN and
/// U+00C5), so the differ may write such a cell again but never misses a change. A grapheme of
/// several scalars (a combining accent, a flag, a family emoji) is not packed: its record says
/// so, and the differ keeps that cell whole beside the records.
struct CellRecord: Equatable {
  private let bits: UInt64

  /// The record of a cell the differ keeps whole.
  private static let kept = UInt64(1) << 63

  // Bit layout: scalar 0–20, width 21–28, attributes 29–36, foreground 37–45, background
  // 46–54 (a colour is its index plus one, zero for the default), bit 63 "kept whole".
  private static let widthShift: UInt64 = 21
  private static let attributesShift: UInt64 = 29
  private static let foregroundShift: UInt64 = 37
  private static let backgroundShift: UInt64 = 46

  /// The record of `cell`; ``isKept`` when its grapheme has more than one scalar.
  init(_ cell: Cell) {
    var bits =
      UInt64(cell.width) << Self.widthShift
      | UInt64(cell.style.attributes.rawValue) << Self.attributesShift
      | Self.bits(of: cell.style.foreground) << Self.foregroundShift
      | Self.bits(of: cell.style.background) << Self.backgroundShift
    if let scalar = Self.onlyScalar(of: cell.character) {
      bits |= UInt64(scalar.value)
    } else {
      bits |= Self.kept
    }
    self.bits = bits
  }

  /// Whether the cell is kept whole beside the records (its grapheme has several scalars).
  var isKept: Bool { bits & Self.kept != 0 }

  /// The cell's width: 1, 2, or 0 for a continuation cell.
  var width: UInt8 { UInt8(truncatingIfNeeded: bits >> Self.widthShift) }

  private static func bits(of color: Color) -> UInt64 {
    color.index.map { UInt64($0) + 1 } ?? 0
  }

  /// The grapheme's one scalar, or `nil` when it has several.
  private static func onlyScalar(of character: Character) -> Unicode.Scalar? {
    // NB: a one-byte grapheme is one ASCII scalar; the small string answers without decoding.
    let utf8 = character.utf8
    if utf8.count == 1, let byte = utf8.first { return Unicode.Scalar(byte) }
    var scalars = character.unicodeScalars.makeIterator()
    guard let first = scalars.next(), scalars.next() == nil else { return nil }
    return first
  }
}

import PropertyBased
import ScreenKitSimulation
import ScreenKitTesting

/// Text built to break text measurement: random scalars from every plane, controls, long
/// combining runs, ZWJ chains, variation selectors, very long lines and invalid UTF-8.
///
/// It is a list of chunks, each made from a kind and a seed, so that shrinking drops chunks
/// and simplifies seeds, and a failure prints each chunk by kind with its scalars.
struct FuzzText: Sendable, CustomStringConvertible {
  /// One piece of fuzz text.
  struct Chunk: Sendable, CustomStringConvertible {
    enum Kind: Int, CaseIterable, Sendable {
      case ascii, anyScalar, controls, combiningRun, joinerChain, variationSelectors, wide,
        spaces, invalidUTF8, longLine
    }

    var kind: Kind
    var seed: UInt64

    /// The chunk's text, the same for the same kind and seed.
    var text: String {
      var random = SeededRandom(seed: seed)
      return kind.make(using: &random)
    }

    var description: String {
      let scalars = Array(text.unicodeScalars)
      let shown = scalars.prefix(24).map(\.codeDescription).joined(separator: " ")
      let more = scalars.count > 24 ? " … (\(scalars.count) scalars)" : ""
      return "\(kind)(seed \(seed)): \(shown)\(more)"
    }
  }

  var chunks: [Chunk]

  /// The whole text.
  var text: String { chunks.map(\.text).joined() }

  var description: String {
    "text of \(chunks.count) chunks:\n" + chunks.map { "  \($0)" }.joined(separator: "\n")
  }

  /// A generator of fuzz texts of `count` chunks of every kind but long lines.
  static func generator(chunks count: ClosedRange<Int>)
    -> Generator<FuzzText, some SendableSequenceType>
  {
    zip(Gen.int(in: 0...Chunk.Kind.longLine.rawValue - 1), Gen.uint64(in: 0...UInt64(UInt32.max)))
      .map { kind, seed in Chunk(kind: Chunk.Kind(rawValue: kind) ?? .ascii, seed: seed) }
      .array(of: count)
      .map(FuzzText.init(chunks:))
  }

  /// A generator of a line of 10,000 to 12,000 graphemes between short fuzz texts.
  static var longLineGenerator: Generator<FuzzText, some SendableSequenceType> {
    zip(generator(chunks: 0...2), Gen.uint64(in: 0...UInt64(UInt32.max)), generator(chunks: 0...2))
      .map { before, seed, after in
        FuzzText(chunks: before.chunks + [Chunk(kind: .longLine, seed: seed)] + after.chunks)
      }
  }
}

extension FuzzText.Chunk.Kind {
  func make(using random: inout SeededRandom) -> String {
    var text = ""
    func append(_ value: UInt32) {
      text.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    }
    func pick(_ values: [UInt32]) -> UInt32 {
      values[Int.random(in: 0..<values.count, using: &random)]
    }
    switch self {
    case .ascii:
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        append(UInt32.random(in: 0x20...0x7E, using: &random))
      }
    case .anyScalar:
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        // Every plane is equally likely, so supplementary planes are not drowned out.
        let plane = UInt32.random(in: 0...16, using: &random)
        append(plane << 16 | UInt32.random(in: 0...0xFFFF, using: &random))
      }
    case .controls:
      let controls: [UInt32] = [
        0x00, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B, 0x7F, 0x85, 0x9B, 0x9F, 0x2028,
        0x2029,
      ]
      for _ in 0..<Int.random(in: 1...5, using: &random) { append(pick(controls)) }
      if Bool.random(using: &random) { text += "\r\n" }
    case .combiningRun:
      if Bool.random(using: &random) { append(pick([0x61, 0x20, 0x4E00, 0x1F600, 0x0A])) }
      let marks: [ClosedRange<UInt32>] = [
        0x300...0x36F, 0x20D0...0x20F0, 0x1AB0...0x1ACE, 0xFE20...0xFE2F,
      ]
      for _ in 0..<Int.random(in: 50...90, using: &random) {
        let range = marks[Int.random(in: 0..<marks.count, using: &random)]
        append(UInt32.random(in: range, using: &random))
      }
    case .joinerChain:
      let emoji: [UInt32] = [
        0x1F468, 0x1F469, 0x1F467, 0x1F466, 0x2764, 0x1F525, 0x1F3F3, 0x61, 0x4E00,
      ]
      let modifiers: [UInt32] = [0x1F3FB, 0x1F3FF, 0xFE0F, 0x200D]
      for index in 0..<Int.random(in: 2...14, using: &random) {
        if index > 0 { append(0x200D) }
        append(pick(emoji))
        if Int.random(in: 0..<3, using: &random) == 0 { append(pick(modifiers)) }
      }
    case .variationSelectors:
      let bases: [UInt32] = [0x2764, 0x31, 0x23, 0x263A, 0x1F600, 0x61, 0x4E00, 0x20, 0x231A]
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        if Int.random(in: 0..<4, using: &random) > 0 { append(pick(bases)) }
        append(pick([0xFE0E, 0xFE0F, 0xFE00, 0xE0100]))
        if Bool.random(using: &random) { append(0x20E3) }
      }
    case .wide:
      let wide: [UInt32] = [
        0x4E00, 0x3042, 0xAC00, 0xFF21, 0x1F600, 0x3000, 0x300C, 0x3002, 0x1F1EF, 0x1F1F5, 0x20000,
      ]
      for _ in 0..<Int.random(in: 1...8, using: &random) { append(pick(wide)) }
    case .spaces:
      let spaces: [UInt32] = [0x20, 0x20, 0x09, 0xA0, 0x3000, 0x200B, 0x2060, 0x1680, 0x2007, 0xAD]
      for _ in 0..<Int.random(in: 1...4, using: &random) { append(pick(spaces)) }
    case .invalidUTF8:
      let bytes = (0..<Int.random(in: 1...24, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      text = String(decoding: bytes, as: UTF8.self)
    case .longLine:
      let pieces = ["a", "word ", "你", "👍🏽", "e\u{301}", "\t", " "]
      let count = Int.random(in: 10_000...12_000, using: &random)
      let piece = pieces[Int.random(in: 0..<pieces.count, using: &random)]
      let other = pieces[Int.random(in: 0..<pieces.count, using: &random)]
      text.reserveCapacity(count * 4)
      for index in 0..<count { text += index % 7 == 6 ? other : piece }
    }
    return text
  }
}

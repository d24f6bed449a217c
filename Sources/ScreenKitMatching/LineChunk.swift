/// A run of lines kept as their bytes, in one buffer: how a picker holds candidates that arrive
/// by the million, and what ``FuzzyRanker`` ranks.
///
/// A line costs its bytes and 4 more for where it ends; no `String` is made until a line is
/// shown. The bytes are kept as they came, so a line that is not valid UTF-8 or holds a NUL is
/// written back unchanged. A chunk never changes once made, so threads share it freely; lines
/// that keep arriving make new chunks (see ``LineSplitter``).
public final class LineChunk: Sendable {
  /// The lines' bytes, one after the other, without their line breaks.
  private let bytes: [UInt8]
  /// Where each line ends in ``bytes``; a line starts where the one before ends.
  private let ends: [UInt32]

  /// A chunk of `lines`.
  public convenience init(lines: some Sequence<some Sequence<UInt8>>) {
    var bytes: [UInt8] = []
    var ends: [UInt32] = []
    for line in lines {
      bytes.append(contentsOf: line)
      ends.append(UInt32(bytes.count))
    }
    self.init(bytes: bytes, ends: ends)
  }

  /// A chunk of the lines whose bytes follow each other in `bytes` and end at `ends`.
  ///
  /// - Precondition: `ends` ascends, and its last is at most `bytes.count` (and below 4 GiB).
  package init(bytes: [UInt8], ends: [UInt32]) {
    precondition(zip(ends, ends.dropFirst()).allSatisfy { $0 <= $1 })
    precondition((ends.last ?? 0) <= bytes.count)
    self.bytes = bytes
    self.ends = ends
  }

  /// How many lines the chunk holds.
  public var count: Int { ends.count }

  /// The bytes the lines take, without their line breaks.
  public var byteCount: Int { Int(ends.last ?? 0) }

  /// The bytes of line `index`.
  public func line(_ index: Int) -> ArraySlice<UInt8> {
    bytes[range(of: index)]
  }

  /// Calls `body` with the bytes of line `index`, without copying them.
  public func withLine<Result>(
    _ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    let range = range(of: index)
    return try bytes.withUnsafeBufferPointer { buffer in
      try body(UnsafeBufferPointer(rebasing: buffer[range]))
    }
  }

  /// Calls `body` with the whole buffer and the line ends, for loops over many lines that
  /// must not pay for a closure each.
  func withStorage<Result>(
    _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt32>) throws -> Result
  ) rethrows -> Result {
    try bytes.withUnsafeBufferPointer { bytes in
      try ends.withUnsafeBufferPointer { ends in try body(bytes, ends) }
    }
  }

  private func range(of index: Int) -> Range<Int> {
    (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
  }
}

/// Cuts bytes as they are read into lines, and the lines into ``LineChunk``s.
///
/// Lines end at a line feed, which is not kept; any other byte is (a carriage return, a NUL,
/// bytes that are not UTF-8), so a line is written back as it came. A last line without a
/// line feed is a line at ``finish()``.
///
/// ```swift
/// var splitter = LineSplitter()
/// splitter.append(Array("one\ntw".utf8))
/// splitter.append(Array("o\nthree".utf8))
/// let chunks = [splitter.takeChunk(), splitter.finish()]   // ["one", "two"], ["three"]
/// ```
public struct LineSplitter: Sendable {
  /// The bytes of the complete lines not yet in a chunk.
  private var bytes: [UInt8] = []
  /// Where each of those lines ends.
  private var ends: [UInt32] = []
  /// The start of a line whose end has not come yet.
  private var partial: [UInt8] = []

  /// A splitter with nothing read.
  public init() {}

  /// The bytes of the complete lines waiting for ``takeChunk()``.
  public var pendingByteCount: Int { bytes.count }

  /// Takes bytes read, in order.
  public mutating func append(_ input: [UInt8]) {
    input.withUnsafeBufferPointer { append($0) }
  }

  /// Takes bytes read, in order, from a buffer.
  public mutating func append(_ input: UnsafeBufferPointer<UInt8>) {
    var start = 0
    var index = 0
    let newline = UInt8(ascii: "\n")
    while index < input.count {
      if input[index] == newline {
        if !partial.isEmpty {
          bytes.append(contentsOf: partial)
          partial.removeAll(keepingCapacity: true)
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<index]))
        ends.append(UInt32(truncatingIfNeeded: bytes.count))
        start = index + 1
      }
      index += 1
    }
    partial.append(contentsOf: UnsafeBufferPointer(rebasing: input[start...]))
  }

  /// The complete lines read since the last chunk, as a chunk, or `nil` when there are none.
  public mutating func takeChunk() -> LineChunk? {
    guard !ends.isEmpty else { return nil }
    let chunk = LineChunk(bytes: bytes, ends: ends)
    bytes = []
    ends = []
    return chunk
  }

  /// The lines still held, the last one even without its line feed, as a chunk.
  ///
  /// `nil` when there are none. The splitter is then empty.
  public mutating func finish() -> LineChunk? {
    if !partial.isEmpty {
      bytes.append(contentsOf: partial)
      ends.append(UInt32(truncatingIfNeeded: bytes.count))
      partial = []
    }
    return takeChunk()
  }
}

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The lines of a file, without their ends, read 64 KiB at a time as they are asked for: a
/// select shows the first lines while the rest are read.
///
/// Each read is a `read(2)` on the task that iterates: a file on disk answers at once. (A pipe
/// or a terminal would hold that thread while it waits for bytes; such a source belongs on a
/// thread of its own, feeding an `AsyncStream`.)
struct FileLines: AsyncSequence, Sendable {
  typealias Element = String

  /// What could not be read, as a line of the error.
  struct ReadError: Error, CustomStringConvertible {
    var description: String
  }

  let path: String

  func makeAsyncIterator() -> Iterator { Iterator(path: path) }

  struct Iterator: AsyncIteratorProtocol {
    private let file: OpenFile?
    private let openError: ReadError?
    private var buffer: [UInt8] = []
    private var start = 0
    private var isAtEnd = false

    init(path: String) {
      let descriptor = open(path, O_RDONLY)
      if descriptor < 0 {
        file = nil
        openError = ReadError(
          description: "cannot read \(path): \(String(cString: strerror(errno)))")
      } else {
        file = OpenFile(descriptor: descriptor)
        openError = nil
      }
    }

    mutating func next() async throws -> String? {
      if let openError { throw openError }
      guard let file else { return nil }
      while true {
        if let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
          defer { start = end + 1 }
          if end > start { return line(start..<end) }
          continue
        }
        if isAtEnd {
          guard start < buffer.count else { return nil }
          defer { start = buffer.count }
          return line(start..<buffer.count)
        }
        // NB: what is left of the buffer moves to its front before more is read.
        buffer.removeSubrange(0..<start)
        start = 0
        let count = buffer.count
        buffer += repeatElement(0, count: 1 << 16)
        let got = buffer.withUnsafeMutableBufferPointer { bytes in
          read(
            file.descriptor, UnsafeMutableRawPointer(bytes.baseAddress)?.advanced(by: count),
            1 << 16)
        }
        guard got >= 0 else {
          throw ReadError(description: "cannot read: \(String(cString: strerror(errno)))")
        }
        buffer.removeSubrange((count + got)...)
        if got == 0 { isAtEnd = true }
      }
    }

    private func line(_ range: Range<Int>) -> String {
      buffer.withUnsafeBufferPointer { bytes in
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      }
    }
  }

  /// A descriptor closed when the iterator is done with it, read to the end or not.
  final class OpenFile {
    let descriptor: Int32

    init(descriptor: Int32) {
      self.descriptor = descriptor
    }

    deinit { close(descriptor) }
  }
}

import Glibc

/// Reads files with plain system calls, off the main actor, stopping at a size limit.
enum FileReader {
  /// The first `limit` bytes of the file at `path` (all of it when `limit` is `nil`).
  ///
  /// - Throws: ``FileSystemError`` when the file cannot be opened or read;
  ///   `CancellationError` when the task is cancelled between chunks.
  static func read(path: String, limit: Int? = nil) throws -> [UInt8] {
    // NB: O_NONBLOCK keeps a FIFO from blocking the load forever; regular files ignore it.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw FileSystemError("Cannot open", path: path) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while limit.map({ bytes.count < $0 }) ?? true {
      try Task.checkCancellation()
      let wanted = min(chunk.count, (limit ?? .max) - bytes.count)
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
      if count < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN { break }
        throw FileSystemError("Cannot read", path: path)
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }
}

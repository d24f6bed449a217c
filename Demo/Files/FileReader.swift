#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads what a path gives (a regular file, a pipe, a FIFO, a device) until its end, off the
/// main actor, never holding more than a limit.
///
/// Pipes are polled, never read in blocking mode: a writer that is slow to start or to send
/// is waited for (in short sleeps, so the task can be cancelled), and `read` returning
/// nothing counts as the end only once `poll` says there is something to read or the writer
/// hung up. A named pipe nobody has opened yet therefore waits rather than reads as empty.
package enum FileReader {
  /// What a read found.
  struct Contents: Sendable {
    /// The bytes read, at most the limit.
    var bytes: [UInt8]
    /// Whether there was more than the limit.
    var isTruncated: Bool
  }

  /// How long a load waits between polls of a pipe that has nothing yet.
  static let pollInterval: Duration = .milliseconds(10)

  /// Reads `path` to its end, or to `limit` bytes.
  ///
  /// - Parameter truncating: when there is more than `limit`, return the first `limit` bytes
  ///   (a preview) rather than fail (a whole document).
  /// - Throws: ``FileSystemError`` when the path cannot be opened or read, is a directory or
  ///   a terminal, or holds more than `limit` bytes and `truncating` is false (the reason
  ///   names the limit); `CancellationError` when the task is cancelled while reading.
  static func read(path: Path, limit: Int, truncating: Bool = false) async throws -> Contents {
    // NB: O_NONBLOCK keeps opening a FIFO without a writer from blocking; O_NOCTTY keeps a
    // terminal given as a file from becoming the controlling one.
    let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
    guard descriptor >= 0 else { throw FileSystemError("Cannot open", path: path) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw FileSystemError("Cannot read", path: path) }
    if Path.isDirectory(status.st_mode) {
      throw FileSystemError("Cannot read", path: path, code: EISDIR)
    }
    // NB: reading a terminal would take the keys meant for the demo.
    if isatty(descriptor) == 1 {
      throw FileSystemError("Cannot read", path: path, reason: "it is a terminal")
    }
    let tooLarge = FileSystemError(
      "Cannot read", path: path, reason: "larger than the \(ByteCount.format(limit)) read limit")
    let isRegular = Path.isRegularFile(status.st_mode)
    if isRegular, Int(status.st_size) > limit, !truncating { throw tooLarge }

    var bytes: [UInt8] = []
    if isRegular { bytes.reserveCapacity(min(Int(status.st_size), limit) + 1) }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    // One byte past the limit tells "exactly the limit" from "more".
    while bytes.count <= limit {
      try Task.checkCancellation()
      guard try await waitUntilReadable(descriptor, path: path) else { continue }
      let wanted = min(chunk.count, limit + 1 - bytes.count)
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
      if count > 0 {
        bytes.append(contentsOf: chunk[0..<count])
      } else if count == 0 {
        return Contents(bytes: bytes, isTruncated: false)
      } else if errno != EINTR && errno != EAGAIN {
        throw FileSystemError("Cannot read", path: path)
      }
    }
    guard truncating else { throw tooLarge }
    bytes.removeLast(bytes.count - limit)
    return Contents(bytes: bytes, isTruncated: true)
  }

  /// Why `path` cannot be read, in the system's words (`No such file or directory`,
  /// `Permission denied`, `Is a directory`), or `nil` when it can; neither reads nor opens it.
  ///
  /// NB: opening is not harmless: opening a named pipe lets a writer that waits for a reader
  /// in, and closing it again leaves that writer writing to a pipe without one (SIGPIPE), so
  /// the load that opens it later would wait forever.
  package static func problemOpening(_ path: Path) -> String? {
    guard let status = path.status() else { return String(cString: strerror(errno)) }
    if Path.isDirectory(status.st_mode) { return String(cString: strerror(EISDIR)) }
    guard path.withCString({ access($0, R_OK) }) == 0 else {
      return String(cString: strerror(errno))
    }
    return nil
  }

  /// Whether `descriptor` has data or an end to read now; when not, sleeps one
  /// ``pollInterval`` first (a cancelled task stops there).
  private static func waitUntilReadable(_ descriptor: Int32, path: Path) async throws -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let ready = poll(&entry, 1, 0)
    if ready > 0 { return true }
    if ready < 0 && errno != EINTR { throw FileSystemError("Cannot read", path: path) }
    try await Task.sleep(for: pollInterval)
    return false
  }
}

// NB: at file scope these name the C library's functions, which members of the same name hide
// inside the types above; a module-qualified call would name one C library only.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What the file browser shows for a file: its text (the first ``limit`` bytes), or a
/// description when it is binary, empty or not a regular file.
struct FilePreview: Sendable {
  /// What was found.
  enum Content: Sendable {
    /// UTF-8 text; `truncated` when the file is longer than what was read.
    case text(String, truncated: Bool)
    /// Bytes that are not text: NUL bytes, or mostly invalid UTF-8.
    case binary
    /// A file of zero bytes.
    case empty
    /// A directory, device, socket or FIFO, described in a word.
    case special(String)
  }

  /// The most bytes read for a preview, so huge files open at once.
  static let limit = 64 * 1024
  /// The share of invalid UTF-8 above which a file counts as binary.
  static let invalidRatio = 0.05

  /// The file's path.
  let path: Path
  /// Its size in bytes.
  let size: Int
  /// The preview.
  let content: Content

  /// Reads up to ``limit`` bytes of the file at `path` and classifies them.
  ///
  /// Only regular files are read: a FIFO or a device is described, not drained.
  ///
  /// - Throws: ``FileSystemError`` when the file cannot be examined or read.
  static func load(path: Path) async throws -> FilePreview {
    guard let status = path.status() else {
      throw FileSystemError("Cannot open", path: path)
    }
    let size = Int(status.st_size)
    guard Path.isRegularFile(status.st_mode) else {
      let kind = Path.isDirectory(status.st_mode) ? "directory" : "special file"
      return FilePreview(path: path, size: size, content: .special(kind))
    }
    let contents = try await FileReader.read(path: path, limit: limit, truncating: true)
    let bytes = contents.bytes
    guard !bytes.isEmpty else { return FilePreview(path: path, size: size, content: .empty) }
    let truncated = contents.isTruncated || size > bytes.count
    return FilePreview(path: path, size: size, content: classify(bytes, truncated: truncated))
  }

  /// Text when the bytes have no NUL and (nearly) all of them decode as UTF-8.
  static func classify(_ bytes: [UInt8], truncated: Bool) -> Content {
    if bytes.contains(0) { return .binary }
    // NB: a cut at the limit may split the last character; that is not a sign of binary.
    let usable = truncated ? bytes[..<completeUTF8Prefix(bytes)] : bytes[...]
    var iterator = usable.makeIterator()
    var decoder = UTF8()
    var scalars = 0
    var errors = 0
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: scalars += 1
      case .error: errors += 1
      case .emptyInput: break loop
      }
    }
    if Double(errors) > Double(scalars + errors) * invalidRatio { return .binary }
    return .text(String(decoding: usable, as: UTF8.self), truncated: truncated)
  }

  /// The length of `bytes` without a trailing, incomplete UTF-8 sequence.
  static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
    var index = bytes.count - 1
    var continuation = 0
    while index >= 0, continuation < 3, bytes[index] & 0xC0 == 0x80 {
      index -= 1
      continuation += 1
    }
    guard index >= 0 else { return bytes.count }
    let lead = bytes[index]
    let needed = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0
    return needed > continuation ? index : bytes.count
  }
}

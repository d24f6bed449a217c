#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The entries of one directory, read with `opendir`/`readdir`/`fstatat` off the main actor
/// and sorted: directories first, then by name, case-insensitively.
///
/// Names stay bytes for the system calls (they need not be UTF-8); a listing stops at
/// ``limit`` entries, so a directory of millions costs bounded time and memory.
struct DirectoryListing: Sendable {
  /// The most entries read from one directory.
  static let limit = 10_000

  /// The directory's path.
  let path: Path
  /// Its entries, sorted, after a `..` entry unless it is the root.
  let entries: [FileEntry]
  /// Whether the directory has more than ``limit`` entries, of which the first were read.
  let isTruncated: Bool

  /// The number of entries other than `..`.
  var count: Int { entries.count { $0.kind != .parent } }

  /// Reads the directory at `path`.
  ///
  /// Entries that vanish between `readdir` and `fstatat` are left out.
  ///
  /// - Throws: ``FileSystemError`` when it cannot be opened (missing, not a directory, no
  ///   permission, a loop of links) or read; `CancellationError` when the load is abandoned
  ///   (checked every 512 entries, so leaving a huge directory stops the work).
  static func load(path: Path) throws -> DirectoryListing {
    guard let directory = path.withCString({ opendir($0) }) else {
      throw FileSystemError("Cannot open directory", path: path)
    }
    defer { closedir(directory) }
    let descriptor = dirfd(directory)
    var entries: [FileEntry] = []
    var seen = 0
    var isTruncated = false
    while true {
      errno = 0
      guard let entry = readdir(directory) else {
        if errno != 0 { throw FileSystemError("Cannot read directory", path: path) }
        break
      }
      seen += 1
      if seen % 512 == 0 { try Task.checkCancellation() }
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { pointer in
          Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map {
            UInt8(bitPattern: $0)
          }
        }
      }
      guard name != [0x2E], name != [0x2E, 0x2E] else { continue }
      guard entries.count < limit else {
        isTruncated = true
        break
      }
      let childPath = path.appending(name)
      var status = stat()
      let cName = name.map { CChar(bitPattern: $0) } + [0]
      let found = fstatat(descriptor, cName, &status, AT_SYMLINK_NOFOLLOW) == 0
      // NB: deleted since readdir saw it; it is no longer there to list.
      if !found && errno == ENOENT { continue }
      let kind: FileEntry.Kind
      if !found {
        kind = .special
      } else if Path.isDirectory(status.st_mode) {
        kind = .directory
      } else if Path.isRegularFile(status.st_mode) {
        kind = .file
      } else if Path.isSymlink(status.st_mode) {
        let target = childPath.status()
        kind = .symlink(toDirectory: target.map { Path.isDirectory($0.st_mode) } ?? false)
      } else {
        kind = .special
      }
      entries.append(
        FileEntry(
          name: String(decoding: name, as: UTF8.self), path: childPath, kind: kind,
          size: found ? Int(status.st_size) : 0))
    }
    try Task.checkCancellation()
    let sorted = entries.map { (key: $0.name.lowercased(), entry: $0) }.sorted { lhs, rhs in
      let leftIsDirectory = lhs.entry.opensAsDirectory
      if leftIsDirectory != rhs.entry.opensAsDirectory { return leftIsDirectory }
      if lhs.key != rhs.key { return lhs.key < rhs.key }
      return lhs.entry.path.bytes.lexicographicallyPrecedes(rhs.entry.path.bytes)
    }.map(\.entry)
    let parent: [FileEntry] =
      path.isRoot ? [] : [FileEntry(name: "..", path: path.parent, kind: .parent, size: 0)]
    return DirectoryListing(path: path, entries: parent + sorted, isTruncated: isTruncated)
  }
}

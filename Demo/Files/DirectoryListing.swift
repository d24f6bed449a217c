import Glibc

/// The entries of one directory, read with `opendir`/`readdir`/`fstatat` off the main actor
/// and sorted: directories first, then by name, case-insensitively.
struct DirectoryListing: Sendable {
  /// The directory's path.
  let path: String
  /// Its entries, sorted, after a `..` entry unless it is the root.
  let entries: [FileEntry]

  /// The number of entries other than `..`.
  var count: Int { entries.count { $0.kind != .parent } }

  /// Reads the directory at `path`.
  ///
  /// - Throws: ``FileSystemError`` when it cannot be opened (missing, not a directory, no
  ///   permission); `CancellationError` when the load is abandoned (checked every 512 entries,
  ///   so leaving a huge directory stops the work).
  static func load(path: String) throws -> DirectoryListing {
    guard let directory = opendir(path) else {
      throw FileSystemError("Cannot open directory", path: path)
    }
    defer { closedir(directory) }
    let descriptor = dirfd(directory)
    var entries: [FileEntry] = []
    var seen = 0
    while let entry = readdir(directory) {
      seen += 1
      if seen % 512 == 0 { try Task.checkCancellation() }
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
      }
      guard name != ".", name != ".." else { continue }
      let childPath = Path.join(path, name)
      var status = stat()
      guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
        entries.append(FileEntry(name: name, path: childPath, kind: .special, size: 0))
        continue
      }
      let kind: FileEntry.Kind
      if Path.isDirectory(status.st_mode) {
        kind = .directory
      } else if Path.isRegularFile(status.st_mode) {
        kind = .file
      } else if Path.isSymlink(status.st_mode) {
        let target = Path.status(childPath)
        kind = .symlink(toDirectory: target.map { Path.isDirectory($0.st_mode) } ?? false)
      } else {
        kind = .special
      }
      entries.append(FileEntry(name: name, path: childPath, kind: kind, size: Int(status.st_size)))
    }
    try Task.checkCancellation()
    let sorted = entries.map { (key: $0.name.lowercased(), entry: $0) }.sorted { lhs, rhs in
      let leftIsDirectory = lhs.entry.opensAsDirectory
      if leftIsDirectory != rhs.entry.opensAsDirectory { return leftIsDirectory }
      return lhs.key == rhs.key ? lhs.entry.name < rhs.entry.name : lhs.key < rhs.key
    }.map(\.entry)
    let parent: [FileEntry] =
      path == "/" ? [] : [FileEntry(name: "..", path: Path.parent(path), kind: .parent, size: 0)]
    return DirectoryListing(path: path, entries: parent + sorted)
  }
}

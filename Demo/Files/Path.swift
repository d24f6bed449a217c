import Glibc

/// Path helpers over plain strings, so the demo needs neither `URL` nor `FileManager`.
enum Path {
  /// `directory` and `name` joined with one slash.
  static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// The last component, or `/` for the root.
  static func lastComponent(_ path: String) -> String {
    let parts = path.split(separator: "/")
    return parts.last.map(String.init) ?? "/"
  }

  /// The directory above `path`; the root is its own parent.
  static func parent(_ path: String) -> String {
    var parts = path.split(separator: "/")
    guard !parts.isEmpty else { return "/" }
    parts.removeLast()
    return "/" + parts.joined(separator: "/")
  }

  /// The absolute, symlink-free form of `path`, or `path` itself when it cannot be resolved
  /// (it may not exist; the load will say so).
  static func resolved(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// What `stat` says about `path` (following links), or `nil` when it cannot be read.
  static func status(_ path: String) -> stat? {
    var status = stat()
    return stat(path, &status) == 0 ? status : nil
  }

  /// Whether a `stat` mode is a directory.
  static func isDirectory(_ mode: mode_t) -> Bool { mode & S_IFMT == S_IFDIR }
  /// Whether a `stat` mode is a regular file.
  static func isRegularFile(_ mode: mode_t) -> Bool { mode & S_IFMT == S_IFREG }
  /// Whether a `stat` mode is a symbolic link.
  static func isSymlink(_ mode: mode_t) -> Bool { mode & S_IFMT == S_IFLNK }
}

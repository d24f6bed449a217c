import ScreenKit

/// One entry of a directory listing; it is its own row in the file browser.
struct FileEntry: Sendable, Hashable, ListRowDisplayable {
  /// What the entry is.
  enum Kind: Sendable, Hashable {
    /// The parent directory, `..`.
    case parent
    /// A directory.
    case directory
    /// A regular file.
    case file
    /// A symbolic link; `toDirectory` when it leads to a directory.
    case symlink(toDirectory: Bool)
    /// A device, socket or FIFO.
    case special
  }

  /// The file name for people (U+FFFD where its bytes are not UTF-8).
  let name: String
  /// The full path, with the name's own bytes.
  let path: Path
  /// What the entry is.
  let kind: Kind
  /// The size in bytes (of the link itself, for links).
  let size: Int

  /// Whether Enter lists it rather than previews it.
  var opensAsDirectory: Bool {
    switch kind {
    case .parent, .directory, .symlink(toDirectory: true): true
    case .file, .symlink(toDirectory: false), .special: false
    }
  }

  /// The name, with `/` after directories and `@` after links.
  var title: String {
    switch kind {
    case .parent: ".."
    case .directory: name + "/"
    case .symlink(let toDirectory): name + (toDirectory ? "@/" : "@")
    case .file, .special: name
    }
  }

  /// The size of files, a word for the rest.
  var badge: String? {
    switch kind {
    case .parent: "up"
    case .directory: "dir"
    case .symlink: "link"
    case .file: ByteCount.format(size)
    case .special: "special"
    }
  }
}

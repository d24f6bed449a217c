#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A file system path as the kernel has it: bytes, which need not be UTF-8.
///
/// System calls get the bytes themselves, so a name such as `caf\xFF.txt` can be examined and
/// opened; people get ``description``, where invalid sequences read as U+FFFD.
package struct Path: Sendable, Hashable, CustomStringConvertible {
  /// The path's bytes, without a terminating NUL.
  let bytes: [UInt8]

  /// A path of these bytes.
  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// A path spelled in UTF-8.
  init(_ string: String) {
    bytes = Array(string.utf8)
  }

  /// The path of a command-line argument, with the bytes it was given as.
  ///
  /// The standard library decodes arguments into `String`s, replacing what is not UTF-8;
  /// the argument whose decoding is `argument` gives back the original bytes.
  package init(argument: String) {
    for index in 0..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index] else { continue }
      let bytes = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer)))
        .map { UInt8(bitPattern: $0) }
      if String(decoding: bytes, as: UTF8.self) == argument {
        self.init(bytes: bytes)
        return
      }
    }
    self.init(argument)
  }

  /// The path for people: UTF-8, with U+FFFD for each invalid sequence.
  package var description: String { String(decoding: bytes, as: UTF8.self) }

  /// The path and `name` joined with one slash.
  func appending(_ name: [UInt8]) -> Path {
    bytes.last == UInt8(ascii: "/")
      ? Path(bytes: bytes + name) : Path(bytes: bytes + [UInt8(ascii: "/")] + name)
  }

  /// The last component for people, or `/` for the root.
  var lastComponent: String {
    components.last.map { String(decoding: $0, as: UTF8.self) } ?? "/"
  }

  /// The directory above; the root is its own parent.
  var parent: Path {
    let parts = components.dropLast()
    guard !parts.isEmpty else { return Path("/") }
    return Path(bytes: parts.flatMap { [UInt8(ascii: "/")] + $0 })
  }

  /// Whether this is the root directory.
  var isRoot: Bool { components.isEmpty }

  private var components: [ArraySlice<UInt8>] {
    bytes.split(separator: UInt8(ascii: "/"))
  }

  /// The absolute, symlink-free form, or the path itself when it cannot be resolved (it may
  /// not exist; the load will say so).
  var resolved: Path {
    guard let resolved = withCString({ realpath($0, nil) }) else { return self }
    defer { free(resolved) }
    return Path(
      bytes: Array(UnsafeBufferPointer(start: resolved, count: strlen(resolved))).map {
        UInt8(bitPattern: $0)
      })
  }

  /// What `stat` says (following links), or `nil` with `errno` set.
  func status() -> stat? {
    var status = stat()
    return withCString { stat($0, &status) } == 0 ? status : nil
  }

  /// Whether `stat` finds the path (following links); when it does not, `errno` says why.
  package var exists: Bool { status() != nil }

  /// Calls `body` with the bytes as a NUL-terminated C string.
  func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
    let terminated = bytes.map { CChar(bitPattern: $0) } + [0]
    return try body(terminated)
  }

  /// Whether a `stat` mode is a directory.
  static func isDirectory(_ mode: mode_t) -> Bool { mode & S_IFMT == S_IFDIR }
  /// Whether a `stat` mode is a regular file.
  static func isRegularFile(_ mode: mode_t) -> Bool { mode & S_IFMT == S_IFREG }
  /// Whether a `stat` mode is a symbolic link.
  static func isSymlink(_ mode: mode_t) -> Bool { mode & S_IFMT == S_IFLNK }
}

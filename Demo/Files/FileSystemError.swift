import FoundationEssentials

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A failed operation on a path, with the system's own reason (`strerror`) or the demo's.
struct FileSystemError: Error, CustomStringConvertible, LocalizedError {
  /// What the demo was doing, such as `Cannot open directory`.
  let action: String
  /// The path it was working on, as people read it.
  let path: String
  /// Why it failed, such as `No such file or directory`.
  let reason: String

  /// Captures `code`, by default the current `errno`, as the reason.
  init(_ action: String, path: Path, code: Int32 = errno) {
    self.init(action, path: path, reason: String(cString: strerror(code)))
  }

  /// An error whose reason is the demo's, such as a read limit.
  init(_ action: String, path: Path, reason: String) {
    self.action = action
    self.path = path.description
    self.reason = reason
  }

  var description: String { "\(action) \(path): \(reason)" }
  var errorDescription: String? { description }
}

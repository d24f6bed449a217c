import FoundationEssentials
import Glibc

/// A failed system call on a path, with the system's own reason (`strerror`).
struct FileSystemError: Error, CustomStringConvertible, LocalizedError {
  /// What the demo was doing, such as `Cannot open directory`.
  let action: String
  /// The path it was working on.
  let path: String
  /// The `errno` of the failed call.
  let code: Int32

  /// Captures the current `errno`.
  init(_ action: String, path: String, code: Int32 = errno) {
    self.action = action
    self.path = path
    self.code = code
  }

  /// The system's reason for ``code``.
  var reason: String { String(cString: strerror(code)) }

  var description: String { "\(action) \(path): \(reason)" }
  var errorDescription: String? { description }
}

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A failure of the pty or process machinery, with a one-line message saying what failed.
public struct TerminalProcessError: Error, CustomStringConvertible, Sendable {
  /// What went wrong.
  public let description: String

  /// An error with `description` as its message.
  public init(_ description: String) {
    self.description = description
  }

  /// The failure of a system call, with the text of `errno`.
  static func systemCall(_ name: String, errno code: Int32) -> TerminalProcessError {
    TerminalProcessError("\(name) failed: \(String(cString: strerror(code)))")
  }
}

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The program's name as its user typed it (the last part of `argv[0]`), which prefixes the
/// one line a program says on standard error before it exits, as swift-argument-parser does.
enum ProgramName {
  /// The last path component of `argv[0]`, or `error` when there is none.
  static var current: String {
    CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? "error"
  }

  /// Writes `message` to standard error as one line prefixed by the program's name.
  static func writeLine(_ message: String) {
    let line = Array("\(current): \(message)\n".utf8)
    // NB: stderr (the FILE) is shared mutable state to Swift 6; the descriptor is not.
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }
}

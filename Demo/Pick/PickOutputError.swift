#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The line chosen could not be written to standard output.
package struct PickOutputError: Error, CustomStringConvertible {
  /// The `errno` of the failed write or close.
  package let code: Int32

  package var description: String {
    "cannot write the line chosen to standard output: \(String(cString: strerror(code)))"
  }
}

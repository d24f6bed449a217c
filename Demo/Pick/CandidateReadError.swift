#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Standard input could not be read.
struct CandidateReadError: Error, CustomStringConvertible {
  /// The `errno` of the failed read.
  let code: Int32

  var description: String {
    "cannot read standard input: \(String(cString: strerror(code)))"
  }
}

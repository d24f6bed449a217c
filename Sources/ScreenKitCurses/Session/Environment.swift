#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads the process environment without Foundation.
enum Environment {
  /// The value of the environment variable `name`, or `nil` when it is not set.
  static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}

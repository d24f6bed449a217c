import Locking

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads the process environment without Foundation.
enum Environment {
  /// Values that stand in for the process environment's, for tests: `nil` stands for unset.
  ///
  /// NB: tests in one process must never call `setenv`: a `getenv` on another thread at the
  /// same time (Foundation starting a process, say) can read a freed array and crash.
  static let overrides = Locked<[String: String?]>([:])

  /// The value of the environment variable `name`, or `nil` when it is not set.
  static func value(_ name: String) -> String? {
    if let override = overrides.withLock({ $0[name] }) { return override }
    return getenv(name).map { String(cString: $0) }
  }
}

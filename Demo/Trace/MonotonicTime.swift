#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A reading of `CLOCK_MONOTONIC`, the clock `clock_gettime` gives every process on the
/// machine, so a trace can be lined up with timings taken from outside the demo.
package struct MonotonicTime: Sendable, Hashable {
  /// Seconds since the clock's (boot-time) origin.
  package let seconds: Double

  /// Reads the clock now.
  package static func now() -> MonotonicTime {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return MonotonicTime(seconds: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9)
  }

  /// The reading with nine decimals, as trace lines carry it.
  var formatted: String {
    let whole = Int(seconds)
    let nanoseconds = Int(((seconds - Double(whole)) * 1e9).rounded())
    let fraction = String(min(nanoseconds, 999_999_999))
    return "\(whole)." + String(repeating: "0", count: 9 - fraction.count) + fraction
  }
}

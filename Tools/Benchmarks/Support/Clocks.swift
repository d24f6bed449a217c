#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Readings of the operating system's clocks, as `Duration`s.
enum Clocks {
  /// `CLOCK_MONOTONIC`: the clock the demo's `--trace` lines use.
  static func monotonic() -> Duration { read(CLOCK_MONOTONIC) }

  /// The CPU time of the calling thread (user and system).
  static func threadCPU() -> Duration { read(CLOCK_THREAD_CPUTIME_ID) }

  /// The CPU time of the whole process (user and system, every thread).
  static func processCPU() -> Duration { read(CLOCK_PROCESS_CPUTIME_ID) }

  /// The CPU time of another thread of this process.
  static func cpu(of thread: pthread_t) -> Duration {
    var clock: clockid_t = 0
    guard pthread_getcpuclockid(thread, &clock) == 0 else { return .zero }
    return read(clock)
  }

  private static func read(_ clock: clockid_t) -> Duration {
    var time = timespec()
    clock_gettime(clock, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }

  /// Sleeps the calling thread (never the main actor's run loop) for `duration`.
  static func sleep(_ duration: Duration) {
    let nanoseconds = duration.saturatingCount(of: .nanoseconds(1))
    var request = timespec(
      tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }
}

extension Duration {
  /// The duration in milliseconds, as a floating-point number.
  var milliseconds: Double {
    Double(attoseconds) / 1e15
  }

  /// The duration in seconds, as a floating-point number.
  var seconds: Double { milliseconds / 1000 }
}

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether these tests (and so the test host, built the same way) run under the thread or the
/// address sanitizer.
///
/// The sanitizers install their own handlers for the signals of a crash and, in a child that
/// crashes on purpose, end it their own way (another signal inside the handler on a busy
/// machine, or a report and exit status 1). What the crash tests check (ScreenKit's handlers,
/// Swift's backtracer, the guardian) is not what the sanitizer runs are for, and the plain run
/// checks it; under a sanitizer they are skipped.
enum Sanitizer {
  /// True when a thread or address sanitizer runtime is linked into this process.
  static let isActive: Bool = ["__tsan_init", "__asan_init"].contains { (name: String) in
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil
  }

  /// The signals a crash raises, which the tests send or cause on purpose.
  static let crashSignals: Set<Int32> = [
    SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV,
  ]

  /// Whether a test that ends the host with `signal` has anything to check in this run.
  static func owns(_ signal: Int32) -> Bool {
    isActive && crashSignals.contains(signal)
  }
}

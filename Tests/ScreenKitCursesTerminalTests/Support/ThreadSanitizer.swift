#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether these tests (and so the test host, built the same way) run under the thread
/// sanitizer.
///
/// The sanitizer installs its own handlers for the signals of a crash and, in a child that
/// crashes on purpose, sometimes dies inside them of a different signal when the machine is
/// busy. What the crash tests check (ScreenKit's handlers, Swift's backtracer, the guardian)
/// is not what the sanitizer run is for, and the plain run checks it; under the sanitizer they
/// are skipped.
enum ThreadSanitizer {
  /// True when the thread sanitizer's runtime is linked into this process.
  static let isActive: Bool = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

  /// The signals a crash raises, which the tests send or cause on purpose.
  static let crashSignals: Set<Int32> = [
    SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV,
  ]

  /// Whether a test that ends the host with `signal` has anything to check in this run.
  static func owns(_ signal: Int32) -> Bool {
    isActive && crashSignals.contains(signal)
  }
}

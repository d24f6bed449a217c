#if canImport(Darwin)
  import Darwin

  /// The start routine `pthread_create` takes here.
  typealias ThreadRoutine = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
#elseif canImport(Glibc) || canImport(Musl)
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// The start routine `pthread_create` takes here.
  typealias ThreadRoutine = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
#endif

/// Starts a detached POSIX thread running `routine`; nothing waits for it.
///
/// NB: write the routine in nonisolated code: one written in main-actor code is taken for
/// main-actor code and traps on its own thread.
func startDetachedThread(_ routine: ThreadRoutine) {
  // NB: pthread_t is an integer with glibc and musl, an optional pointer on Darwin.
  #if canImport(Darwin)
    var thread: pthread_t?
  #else
    var thread = pthread_t()
  #endif
  guard pthread_create(&thread, nil, routine, nil) == 0 else { return }
  #if canImport(Darwin)
    if let thread { pthread_detach(thread) }
  #else
    pthread_detach(thread)
  #endif
}

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The run loop's inbox lock: a value guarded by a POSIX mutex.
///
/// NB: not `Synchronization.Mutex`, whose contended path on Linux takes the lock in the kernel
/// (a priority-inheriting futex): the thread sanitizer sees no acquire there and reports the
/// guarded accesses of a thread that queues work and of the loop as a race, which hides real
/// ones in this, the most threaded code of the package.
final class LoopLock<Value>: @unchecked Sendable {
  // NB: the mutex already makes each access exclusive; the run-time check ran twice a frame.
  @exclusivity(unchecked) private var value: Value
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init(_ value: Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value while holding the mutex.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}

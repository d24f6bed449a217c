import Synchronization

/// A value guarded by a mutex: the one lock of the package, for state that more than one
/// thread touches.
///
/// NB: not `Synchronization.Mutex` alone. On Linux its contended path sleeps and hands the
/// lock over in the kernel (a priority-inheriting futex), inside the standard library, which
/// the thread sanitizer does not see: two threads' accesses under the lock then look unordered
/// and are reported as a race, which hides real ones. So each critical section also begins with
/// an acquire load and ends with a release store of one atomic, which orders for the sanitizer
/// what the mutex orders for the program. On x86 and ARM both are plain moves; the standard
/// library only (no C library), so the core may use it on any platform.
package final class Locked<Value>: @unchecked Sendable {
  private let mutex = Mutex(())
  private let order = Atomic(false)
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value while holding the lock.
  package func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    mutex.withLock { _ in
      _ = order.load(ordering: .acquiring)
      defer { order.store(true, ordering: .releasing) }
      return body(&value)
    }
  }
}

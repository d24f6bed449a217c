import Locking

/// A count that threads share.
final class Counter: Sendable {
  private let count = Locked(0)

  var value: Int { count.withLock { $0 } }

  func increment() { count.withLock { $0 += 1 } }
}

import Foundation

/// Runs `body` on a thread of its own and waits for it without holding a thread of the
/// concurrency pool.
///
/// NB: the pool has as many threads as the machine has cores, and every test of the package
/// shares it. A test that blocks for seconds in poll(2) and waitpid (a chaos session on a pty)
/// holds one of them; two such on a two-core machine stop every other test, whose deadlines
/// then pass unscheduled.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}

extension BackgroundThread {
  /// Runs `body` on a thread of its own and returns its result, without holding a thread of
  /// the Swift concurrency pool meanwhile.
  ///
  /// NB: the pool has as many threads as the machine has cores and is shared by everything
  /// async in the process. Work that blocks for seconds in poll(2) or waitpid (a session on a
  /// pty) would hold one of them; on a two-core machine two such stop everything else, and
  /// the deadlines of whatever was waiting pass while it was never scheduled.
  public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    var thread: BackgroundThread?
    let result = await withCheckedContinuation { continuation in
      thread = BackgroundThread { continuation.resume(returning: body()) }
    }
    thread?.join()
    return result
  }
}

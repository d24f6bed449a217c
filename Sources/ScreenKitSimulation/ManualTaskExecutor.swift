import Locking

/// A task executor that runs jobs only when drained, on the draining thread.
///
/// The harness gives it to the scheduler, so load tasks advance exactly when a test settles,
/// in the order their jobs were enqueued.
public final class ManualTaskExecutor: TaskExecutor {
  private let jobs = Locked<[UnownedJob]>([])

  /// Creates an executor with no jobs.
  public init() {}

  /// Queues a job; called by the runtime from any thread.
  public func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    jobs.withLock { $0.append(unowned) }
  }

  /// Whether jobs are waiting.
  public var hasJobs: Bool { jobs.withLock { !$0.isEmpty } }

  /// Runs queued jobs, including those they enqueue, until none is left; returns how many ran.
  @discardableResult
  public func runAll() -> Int {
    var count = 0
    while let job = popFirst() {
      job.runSynchronously(on: asUnownedTaskExecutor())
      count += 1
    }
    return count
  }

  private func popFirst() -> UnownedJob? {
    jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
  }
}

// NB: not on Darwin, where `CursesRunLoop` keeps libdispatch (see `CursesRunLoop.main`).
#if !canImport(Darwin)
  @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// The default (global) executor of a program run by ``CursesRunLoop/main(_:_:)``: a few
  /// worker threads taking jobs in order from one queue, and delayed jobs (sleeps) kept by
  /// deadline.
  ///
  /// It replaces libdispatch's cooperative pool, whose workqueue, once a load has run on it,
  /// wakes the process once a second forever to watch its threads. Here an idle worker waits
  /// on a condition variable without a timeout, and only the earliest sleep's deadline times
  /// one wait: an idle program makes no wake-ups at all, before or after a load.
  ///
  /// NB: POSIX mutex and condition variables rather than `Synchronization.Mutex`, for the
  /// thread sanitizer's sake (see `Locked`, in the package's `Locking` module).
  final class PoolExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    /// A job waiting for its deadline, on the monotonic clock in nanoseconds.
    private struct Delayed {
      let deadline: UInt64
      /// The order of arrival, so that jobs with one deadline run in the order they came.
      let sequence: UInt64
      let job: UnownedJob

      func precedes(_ other: Delayed) -> Bool {
        (deadline, sequence) < (other.deadline, other.sequence)
      }
    }

    /// The most workers the pool starts, as the cooperative pool: one per processor, at least
    /// two, so that a load blocking one worker does not stall the others.
    private let maximumWorkers: Int
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Where idle workers wait without a timeout.
    private let workAvailable = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Where the one worker keeping the earliest deadline waits, with a timeout.
    private let deadlineChanged = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    // Guarded by `mutex`.
    private var ready: [UnownedJob] = []
    private var readyStart = 0
    private var delayed: [Delayed] = []
    private var nextSequence: UInt64 = 0
    private var workers = 0
    private var idleWorkers = 0
    private var hasTimedWaiter = false

    /// Creates the pool; its threads start as jobs arrive.
    init(maximumWorkers: Int = max(2, sysconf(Int32(_SC_NPROCESSORS_ONLN)))) {
      self.maximumWorkers = maximumWorkers
      pthread_mutex_init(mutex, nil)
      pthread_cond_init(workAvailable, nil)
      var attributes = pthread_condattr_t()
      pthread_condattr_init(&attributes)
      pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
      pthread_cond_init(deadlineChanged, &attributes)
      pthread_condattr_destroy(&attributes)
    }

    deinit {
      pthread_cond_destroy(deadlineChanged)
      pthread_cond_destroy(workAvailable)
      pthread_mutex_destroy(mutex)
      deadlineChanged.deallocate()
      workAvailable.deallocate()
      mutex.deallocate()
    }

    /// Makes a new pool the process's default executor, with ``MainLoopExecutor/installed``,
    /// if any, as its main executor and the platform's otherwise; once per process, before
    /// anything runs a task.
    static func install() {
      _createExecutors(factory: Factory.self)
    }

    /// What `_createExecutors` asks for.
    private struct Factory: ExecutorFactory {
      static let pool = PoolExecutor()

      static var mainExecutor: any MainExecutor {
        MainLoopExecutor.installed ?? PlatformExecutorFactory.mainExecutor
      }
      static var defaultExecutor: any TaskExecutor { pool }
    }

    // MARK: Queueing (any thread)

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      pthread_mutex_lock(mutex)
      ready.append(job)
      let start = wakeOrStartWorker()
      pthread_mutex_unlock(mutex)
      if start { startWorker() }
    }

    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
    ) {
      // NB: `Task.sleep` and the standard clocks' `sleep` use the continuous and suspending
      // clocks, whose durations are `Duration`; the pool waits on the monotonic clock, which
      // differs from them only while the machine is suspended.
      guard let delay = delay as? Duration else {
        enqueue(job)
        return
      }
      enqueue(UnownedJob(job), deadline: Self.now() &+ Self.nanoseconds(delay))
    }

    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
    ) {
      enqueue(job, after: clock.now.duration(to: instant), tolerance: tolerance, clock: clock)
    }

    private func enqueue(_ job: UnownedJob, deadline: UInt64) {
      pthread_mutex_lock(mutex)
      let entry = Delayed(deadline: deadline, sequence: nextSequence, job: job)
      nextSequence &+= 1
      push(entry)
      var start = false
      if delayed[0].sequence == entry.sequence {
        // NB: a new earliest deadline: the worker keeping the old one must wait less, or an
        // idle worker take the timer.
        if hasTimedWaiter {
          pthread_cond_signal(deadlineChanged)
        } else {
          start = wakeOrStartWorker()
        }
      }
      pthread_mutex_unlock(mutex)
      if start { startWorker() }
    }

    /// Wakes an idle worker, or says a new one must start; with the mutex held.
    private func wakeOrStartWorker() -> Bool {
      if idleWorkers > 0 {
        pthread_cond_signal(workAvailable)
        return false
      }
      if hasTimedWaiter {
        pthread_cond_signal(deadlineChanged)
        return false
      }
      guard workers < maximumWorkers else { return false }
      workers += 1
      return true
    }

    // MARK: Workers

    private func startWorker() {
      var thread = pthread_t()
      let context = Unmanaged.passRetained(self).toOpaque()
      let result = pthread_create(
        &thread, nil,
        { context in
          guard let context else { return nil }
          Unmanaged<PoolExecutor>.fromOpaque(context).takeRetainedValue().work()
          return nil
        }, context)
      guard result == 0 else {
        Unmanaged<PoolExecutor>.fromOpaque(context).release()
        preconditionFailure("ScreenKit: the executor could not start a thread (\(result))")
      }
      pthread_detach(thread)
    }

    /// A worker's life: run ready jobs, move due delayed ones to the queue, and wait.
    private func work() {
      Self.blockAsynchronousSignals()
      let executor = asUnownedTaskExecutor()
      pthread_mutex_lock(mutex)
      while true {
        if !delayed.isEmpty {
          let now = Self.now()
          while let first = delayed.first, first.deadline <= now { ready.append(popFirst().job) }
        }
        if readyStart < ready.count {
          let job = ready[readyStart]
          readyStart += 1
          if readyStart == ready.count {
            ready.removeAll(keepingCapacity: true)
            readyStart = 0
          } else if readyStart >= 1024 && readyStart * 2 >= ready.count {
            // NB: a queue that never empties drops what it ran now and then.
            ready.removeFirst(readyStart)
            readyStart = 0
          }
          // NB: more work, or a deadline nobody keeps while this one runs a job: another
          // worker takes it.
          if (readyStart < ready.count || !delayed.isEmpty) && idleWorkers > 0 {
            pthread_cond_signal(workAvailable)
          }
          pthread_mutex_unlock(mutex)
          job.runSynchronously(on: executor)
          pthread_mutex_lock(mutex)
          continue
        }
        if let first = delayed.first, !hasTimedWaiter {
          hasTimedWaiter = true
          var deadline = timespec(
            tv_sec: Int(first.deadline / 1_000_000_000),
            tv_nsec: Int(first.deadline % 1_000_000_000))
          pthread_cond_timedwait(deadlineChanged, mutex, &deadline)
          hasTimedWaiter = false
          continue
        }
        idleWorkers += 1
        pthread_cond_wait(workAvailable, mutex)
        idleWorkers -= 1
      }
    }

    /// Leaves the signals a process is sent (terminal, job control, termination) to threads
    /// other than the pool's, as libdispatch does for its workers, so that a load's blocking
    /// call is not interrupted by them; faults stay with the thread that caused them.
    private static func blockAsynchronousSignals() {
      var signals = sigset_t()
      sigfillset(&signals)
      for signal in [SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGBUS, SIGSEGV, SIGSYS, SIGPIPE, SIGPROF] {
        sigdelset(&signals, signal)
      }
      pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    // MARK: Deadlines (mutex held)

    private func push(_ entry: Delayed) {
      delayed.append(entry)
      var child = delayed.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard delayed[child].precedes(delayed[parent]) else { break }
        delayed.swapAt(child, parent)
        child = parent
      }
    }

    private func popFirst() -> Delayed {
      let first = delayed[0]
      let last = delayed.removeLast()
      guard !delayed.isEmpty else { return first }
      delayed[0] = last
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var smallest = parent
        if left < delayed.count && delayed[left].precedes(delayed[smallest]) { smallest = left }
        if right < delayed.count && delayed[right].precedes(delayed[smallest]) { smallest = right }
        guard smallest != parent else { return first }
        delayed.swapAt(parent, smallest)
        parent = smallest
      }
    }

    private static func now() -> UInt64 {
      var time = timespec()
      clock_gettime(CLOCK_MONOTONIC, &time)
      return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
      guard duration > .zero else { return 0 }
      let (seconds, attoseconds) = duration.components
      // NB: capped at about 290 years, so the deadline cannot overflow.
      guard seconds < 9_000_000_000 else { return UInt64(Int64.max) }
      return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }
  }
#endif

import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A plain POSIX thread running one closure: a recorder's drain thread or a benchmark's
/// monitor, kept off the main actor and off the Swift concurrency pool so it never wakes the
/// loop under test.
public final class BackgroundThread: Sendable {
  private final class Start: Sendable {
    let body: @Sendable () -> Void
    let kernelID = Atomic<Int32>(0)
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// The thread's handle, for reading its CPU clock.
  let handle: pthread_t
  private let start: Start

  /// Starts `body` on a new thread.
  public init(_ body: @escaping @Sendable () -> Void) {
    let start = Start(body)
    self.start = start
    var thread = pthread_t()
    let context = Unmanaged.passRetained(start).toOpaque()
    let result = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        let start = Unmanaged<Start>.fromOpaque(context).takeRetainedValue()
        start.kernelID.store(currentThreadID(), ordering: .releasing)
        start.body()
        return nil
      }, context)
    precondition(result == 0, "TerminalProcess: pthread_create failed (\(result))")
    handle = thread
  }

  /// The kernel's id of the thread (its `/proc/self/task` entry); waits until it started.
  public var threadID: Int32 {
    while start.kernelID.load(ordering: .acquiring) == 0 { sched_yield() }
    return start.kernelID.load(ordering: .acquiring)
  }

  /// The CPU time the thread has used so far (user and system).
  public var cpu: Duration {
    var clock: clockid_t = 0
    guard pthread_getcpuclockid(handle, &clock) == 0 else { return .zero }
    var time = timespec()
    clock_gettime(clock, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }

  /// Waits for the thread to end.
  public func join() {
    pthread_join(handle, nil)
  }
}

/// The kernel's id of the calling thread, from `/proc/thread-self` (`gettid` needs
/// `_GNU_SOURCE`, which the Glibc module does not import).
public func currentThreadID() -> Int32 {
  var buffer = [CChar](repeating: 0, count: 64)
  let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
  guard count > 0 else { return getpid() }
  let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return path.split(separator: "/").last.flatMap { Int32($0) } ?? getpid()
}

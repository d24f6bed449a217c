import CNCurses
import Locking

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The loop that owns the main thread under ``CursesRunLoop``: one `poll` on the terminal's
/// descriptors, a wake pipe, libdispatch's main-queue descriptor and the next deadline, then
/// the main actor's work, all on this one thread.
///
/// Main-actor jobs reach it through libdispatch's main queue, which it drains itself, so
/// nothing hands the main actor to another thread: a frame driven by a deadline costs one
/// wake-up of one thread.
///
/// Everything but ``perform(_:)`` is used on the main thread only, so the
/// loop is main-actor code: it calls handlers, work and deadline actions, all main-actor
/// closures, without checking the executor (and allocating) for each.
@MainActor
final class MainLoop {
  /// The loop running on the main thread, if one is.
  nonisolated(unsafe) static var running: MainLoop?

  /// A descriptor being watched, and what to do when it is readable.
  private struct Watch {
    let id: Int
    let descriptor: Int32
    let onReadable: @MainActor () -> Void
  }

  private struct Inbox {
    var work: [@Sendable @MainActor () -> Void] = []
    /// Whether the loop is in (or about to enter) `poll`, so that a new job must wake it.
    var isPolling = false
    /// Whether the wake pipe was written since the loop last emptied it.
    var isSignaled = false
  }

  private let inbox = Locked(Inbox())
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let thread = pthread_self()
  private var watches: [Watch] = []
  private var nextWatchID = 0
  private var deadline: ContinuousClock.Instant?
  private var onDeadline: (@MainActor () -> Void)?
  /// libdispatch's main-queue descriptor, or -1 where the platform has none.
  private let mainQueueDescriptor: Int32
  private var pollDescriptors: [pollfd] = []
  /// The number of times `poll` returned, for tests and benchmarks.
  private(set) var wakeCount = 0

  /// Creates the loop of the calling thread, which must be the main thread of a program that
  /// did not call `dispatch_main`.
  nonisolated init() {
    var ends: [Int32] = [-1, -1]
    guard sk_pipe(&ends) == 0 else {
      preconditionFailure("ScreenKit: the run loop could not open its wake pipe (errno \(errno))")
    }
    wakeRead = ends[0]
    wakeWrite = ends[1]
    #if os(Linux)
      mainQueueDescriptor = _dispatch_get_main_queue_handle_4CF()
    #else
      mainQueueDescriptor = -1
    #endif
  }

  /// Whether the caller runs on the loop's thread.
  nonisolated var isCurrentThread: Bool { pthread_equal(pthread_self(), thread) != 0 }

  // MARK: Work from any thread

  /// Queues `work` to run on the loop's thread; callable from any thread.
  nonisolated func perform(_ work: @escaping @Sendable @MainActor () -> Void) {
    let wake = inbox.withLock { inbox in
      inbox.work.append(work)
      return signalIfPolling(&inbox)
    }
    if wake { signalWake() }
  }

  /// Whether the caller must write the wake pipe: only a loop that sleeps needs it, and once.
  private nonisolated func signalIfPolling(_ inbox: inout Inbox) -> Bool {
    guard inbox.isPolling, !inbox.isSignaled else { return false }
    inbox.isSignaled = true
    return true
  }

  private nonisolated func signalWake() {
    var byte: UInt8 = 1
    // NB: a full pipe is already readable, so a failed write loses nothing.
    _ = write(wakeWrite, &byte, 1)
  }

  // MARK: Sources (main thread)

  /// Calls `onReadable` each time `descriptor` is readable (or hung up) until ``unwatch(_:)``.
  func watch(_ descriptor: Int32, onReadable: @escaping @MainActor () -> Void) -> Int {
    nextWatchID += 1
    watches.append(Watch(id: nextWatchID, descriptor: descriptor, onReadable: onReadable))
    return nextWatchID
  }

  /// Stops watching; the descriptor may be closed as soon as this returns.
  func unwatch(_ id: Int) {
    watches.removeAll { $0.id == id }
  }

  /// Arms the one deadline: `action` runs once `delay` has passed; `nil` disarms it.
  func setDeadline(after delay: Duration?, _ action: @escaping @MainActor () -> Void) {
    guard let delay else {
      deadline = nil
      onDeadline = nil
      return
    }
    deadline = ContinuousClock.now.advanced(by: min(delay, Self.longestDelay))
    onDeadline = action
  }

  /// The longest delay a deadline is armed for.
  ///
  /// The clock's instants trap past `Int64.max` seconds. Made once: a `Duration` made from
  /// seconds is a 128-bit multiplication.
  private static let longestDelay = Duration.seconds(Int64.max / 4)

  /// Whether a deadline is armed.
  var hasDeadline: Bool { deadline != nil }

  // MARK: Running

  /// Runs turns until `isDone` is true after one: waits for a descriptor, the deadline or
  /// queued work, then runs what became ready.
  func run(until isDone: () -> Bool) {
    precondition(isCurrentThread, "ScreenKit: the run loop runs on the thread that made it")
    let previous = MainLoop.running
    MainLoop.running = self
    defer { MainLoop.running = previous }
    while !isDone() {
      turn()
    }
  }

  private func turn() {
    let hasWork = inbox.withLock { inbox in
      let hasWork = !inbox.work.isEmpty
      inbox.isPolling = !hasWork
      return hasWork
    }
    pollDescriptors.removeAll(keepingCapacity: true)
    pollDescriptors.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
    pollDescriptors.append(pollfd(fd: mainQueueDescriptor, events: Int16(POLLIN), revents: 0))
    for watch in watches {
      pollDescriptors.append(pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0))
    }
    let ready = poll(&pollDescriptors, nfds_t(pollDescriptors.count), hasWork ? 0 : timeout())
    wakeCount += 1
    inbox.withLock { inbox in
      inbox.isPolling = false
      inbox.isSignaled = false
    }
    if ready > 0 {
      if pollDescriptors[0].revents != 0 { drainWakePipe() }
      if pollDescriptors[1].revents != 0 {
        // NB: the descriptor is an eventfd that libdispatch only writes; it stays readable
        // until the loop reads its count.
        var count: UInt64 = 0
        _ = read(mainQueueDescriptor, &count, MemoryLayout<UInt64>.size)
        #if os(Linux)
          _dispatch_main_queue_callback_4CF(nil)
        #endif
      }
      // NB: by descriptor, not by position: a handler may unwatch (or watch) while this runs.
      let readable = pollDescriptors.dropFirst(2).filter { $0.revents != 0 }.map(\.fd)
      for descriptor in readable {
        guard let watch = watches.first(where: { $0.descriptor == descriptor }) else { continue }
        watch.onReadable()
      }
    }
    runQueued()
    if let deadline, ContinuousClock.now >= deadline, let action = onDeadline {
      self.deadline = nil
      onDeadline = nil
      action()
      runQueued()
    }
  }

  /// Runs queued work until none is left, including what it queues.
  private func runQueued() {
    while true {
      let work = inbox.withLock { inbox in
        defer { inbox.work.removeAll(keepingCapacity: true) }
        return inbox.work
      }
      if work.isEmpty { return }
      for item in work { item() }
    }
  }

  /// Milliseconds until the deadline, rounded up so the loop never wakes before it; -1 when
  /// no deadline is armed.
  private func timeout() -> Int32 {
    guard let deadline else { return -1 }
    let remaining = ContinuousClock.now.duration(to: deadline)
    guard remaining > .zero else { return 0 }
    let (seconds, attoseconds) = remaining.components
    let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: milliseconds)
  }

  private func drainWakePipe() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while buffer.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
  }
}

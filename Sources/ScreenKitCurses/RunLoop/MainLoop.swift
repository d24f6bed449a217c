import CMainQueue

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The loop that owns the main thread under ``CursesRunLoop``: one `poll` on the watched
/// descriptors, libdispatch's main-queue descriptor and the next deadline, then the main
/// actor's work, all on this one thread.
///
/// Main-actor jobs (a `Task { @MainActor in … }`, `DispatchQueue.main.async`, a load's result
/// waking the application) reach it through libdispatch's main queue, which it drains itself,
/// so nothing hands the main actor to another thread: a frame driven by a deadline costs one
/// wake-up of one thread.
@MainActor
final class MainLoop: EventLoop {
  /// The loop running on the main thread, if one is.
  static var running: MainLoop?

  /// A descriptor being watched, and what to do when it is readable.
  private struct Watch {
    let id: Int
    let descriptor: Int32
    let onReadable: @MainActor () -> Void
  }

  private var watches: [Watch] = []
  private var nextWatchID = 0
  private var deadline: ContinuousClock.Instant?
  private var onDeadline: (@MainActor () -> Void)?
  private let mainQueueDescriptor: Int32
  private var pollDescriptors: [pollfd] = []

  /// Creates the loop of the main thread, or `nil` where libdispatch gives its main queue no
  /// descriptor to poll (the program then runs on the standard main queue).
  ///
  /// Only the main thread of a program that did not call `dispatch_main` may make one.
  init?() {
    let descriptor = sk_main_queue_descriptor()
    guard descriptor >= 0 else { return nil }
    mainQueueDescriptor = descriptor
  }

  // MARK: Sources

  func watch(_ descriptor: Int32, onReadable: @escaping @MainActor () -> Void) -> Int {
    nextWatchID += 1
    watches.append(Watch(id: nextWatchID, descriptor: descriptor, onReadable: onReadable))
    return nextWatchID
  }

  func unwatch(_ id: Int) {
    watches.removeAll { $0.id == id }
  }

  func setDeadline(after delay: Duration?, _ action: @escaping @MainActor () -> Void) {
    guard let delay else {
      deadline = nil
      onDeadline = nil
      return
    }
    deadline = ContinuousClock.now.advanced(by: min(delay, Self.longestDelay))
    onDeadline = action
  }

  /// The descriptors are no longer in the next `poll` once unwatched: nothing to wait for.
  func shutDown() async {
    setDeadline(after: nil) {}
  }

  /// The longest delay a deadline is armed for.
  ///
  /// The clock's instants trap past `Int64.max` seconds. Made once: a `Duration` made from
  /// seconds is a 128-bit multiplication.
  private static let longestDelay = Duration.seconds(Int64.max / 4)

  // MARK: Running

  /// Runs turns until `isDone` is true after one: waits for a descriptor, the deadline or
  /// main-queue work, then runs what became ready.
  func run(until isDone: () -> Bool) {
    let previous = MainLoop.running
    MainLoop.running = self
    defer { MainLoop.running = previous }
    while !isDone() {
      turn()
    }
  }

  private func turn() {
    pollDescriptors.removeAll(keepingCapacity: true)
    pollDescriptors.append(pollfd(fd: mainQueueDescriptor, events: Int16(POLLIN), revents: 0))
    for watch in watches {
      pollDescriptors.append(pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0))
    }
    let ready = poll(&pollDescriptors, nfds_t(pollDescriptors.count), timeout())
    if ready > 0 {
      if pollDescriptors[0].revents != 0 { sk_main_queue_drain() }
      // NB: by descriptor, not by position: a handler may unwatch (or watch) while this runs.
      let readable = pollDescriptors.dropFirst().filter { $0.revents != 0 }.map(\.fd)
      for descriptor in readable {
        guard let watch = watches.first(where: { $0.descriptor == descriptor }) else { continue }
        watch.onReadable()
      }
    }
    if let deadline, ContinuousClock.now >= deadline, let action = onDeadline {
      self.deadline = nil
      onDeadline = nil
      action()
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
}

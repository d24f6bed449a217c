import Dispatch

/// The event loop of a program whose `main` is `async`: a dispatch source on the main queue
/// for each watched descriptor, and one timer source for the deadline.
///
/// libdispatch's manager thread watches them and hands the main queue each handler, three
/// thread switches per wake-up where ``MainLoop`` has one (docs/decisions, the main thread
/// as the run loop).
@MainActor
final class DispatchEventLoop: EventLoop {
  private var sources: [Int: any DispatchSourceRead] = [:]
  private var nextWatchID = 0
  private var timer: (any DispatchSourceTimer)?
  private var onDeadline: (@MainActor () -> Void)?
  /// Entered by each read source and left by its cancel handler, after which dispatch no
  /// longer watches its descriptor and the descriptor may be closed.
  private let watching = DispatchGroup()

  func watch(_ descriptor: Int32, onReadable: @escaping @MainActor () -> Void) -> Int {
    let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
    source.setEventHandler { MainActor.assumeIsolated { onReadable() } }
    watching.enter()
    source.setCancelHandler { [watching] in watching.leave() }
    source.resume()
    nextWatchID += 1
    sources[nextWatchID] = source
    return nextWatchID
  }

  func unwatch(_ id: Int) {
    sources.removeValue(forKey: id)?.cancel()
  }

  func setDeadline(after delay: Duration?, _ action: @escaping @MainActor () -> Void) {
    onDeadline = delay == nil ? nil : action
    let timer = self.timer ?? makeTimer()
    guard let delay else {
      timer.schedule(deadline: .distantFuture, repeating: .never, leeway: .milliseconds(1))
      return
    }
    timer.schedule(
      deadline: Self.dispatchTime(after: delay), repeating: .never, leeway: .milliseconds(1))
  }

  // NB: a descriptor may be closed (by the terminal, or by the caller once `run` returns) only
  // after dispatch stopped watching it, which its source's cancel handler tells; closed
  // earlier, its number can be reused and the late unregistration hits the new descriptor.
  func shutDown() async {
    for id in Array(sources.keys) { unwatch(id) }
    timer?.cancel()
    timer = nil
    onDeadline = nil
    await withCheckedContinuation { continuation in
      watching.notify(queue: .main) { continuation.resume() }
    }
  }

  private func makeTimer() -> any DispatchSourceTimer {
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.deadlinePassed() }
    }
    timer.schedule(deadline: .distantFuture, repeating: .never, leeway: .milliseconds(1))
    timer.resume()
    self.timer = timer
    return timer
  }

  private func deadlinePassed() {
    let action = onDeadline
    onDeadline = nil
    action?()
  }

  /// The dispatch time `delay` from now; a delay longer than dispatch can count is never.
  static func dispatchTime(after delay: Duration) -> DispatchTime {
    let nanoseconds = delay.saturatingCount(of: .nanoseconds(1))
    guard nanoseconds < Int64.max else { return .distantFuture }
    return .now() + .nanoseconds(Int(nanoseconds))
  }
}

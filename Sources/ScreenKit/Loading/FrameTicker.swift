/// One timer per stage and frame interval that every visible spinner shares.
///
/// Frames are numbered from the clock (`now / interval`), so all spinners of a stage turn
/// together, and the timer is armed only while someone subscribes: a stage with nothing
/// animating has no timer at all.
@MainActor
public final class FrameTicker {
  /// The time between frames.
  public let interval: Duration
  // NB: per-frame state skips run-time exclusivity checks; why that is safe: README, Decisions.
  /// The current frame number, counted from the clock's start.
  @exclusivity(unchecked) public private(set) var frame: Int
  private let scheduler: Scheduler
  @exclusivity(unchecked)
  private var subscribers: [ObjectIdentifier: @MainActor (Int) -> Void] = [:]
  @exclusivity(unchecked) private var timer: Scheduler.Timer?

  init(interval: Duration, scheduler: Scheduler) {
    self.interval = interval
    self.scheduler = scheduler
    self.frame = FrameTicker.frame(at: scheduler.clock.now, interval: interval)
  }

  /// The number of subscribers.
  public var subscriberCount: Int { subscribers.count }

  /// Calls `onTick` with the frame number on every frame until ``unsubscribe(_:)``.
  public func subscribe(_ owner: AnyObject, onTick: @escaping @MainActor (Int) -> Void) {
    subscribers[ObjectIdentifier(owner)] = onTick
    frame = FrameTicker.frame(at: scheduler.clock.now, interval: interval)
    if timer == nil { arm() }
  }

  /// Stops calling `owner`; the timer stops with the last subscriber.
  public func unsubscribe(_ owner: AnyObject) {
    subscribers[ObjectIdentifier(owner)] = nil
    if subscribers.isEmpty, let timer {
      scheduler.cancel(timer)
      self.timer = nil
    }
  }

  /// Arms the timer for the frame after ``frame``, which the caller has just read.
  private func arm() {
    timer = scheduler.schedule(at: interval * (frame + 1), tickAction)
  }

  // NB: made once: a closure made per frame was an allocation and a weak reference per frame.
  private lazy var tickAction: @MainActor () -> Void = { [weak self] in self?.tick() }

  private func tick() {
    timer = nil
    frame = FrameTicker.frame(at: scheduler.clock.now, interval: interval)
    for onTick in subscribers.values { onTick(frame) }
    if !subscribers.isEmpty { arm() }
  }

  private static func frame(at time: Duration, interval: Duration) -> Int {
    guard interval > .zero else { return 0 }
    return Int((time / interval).rounded(.down))
  }
}

/// One timer per stage and frame interval that every animation on the stage (a spinner, say)
/// shares: ``Stage/ticker(interval:)``.
///
/// Frames are numbered from the clock (`now / interval`), so all animations of a stage turn
/// together, and the timer is armed only while someone subscribes: a stage with nothing
/// animating has no timer at all. The timer is a frame timer
/// (``Scheduler/scheduleFrame(at:_:)``): a tick that comes late, because the program was stopped
/// or a test harness moved time past frames nobody saw, goes straight to the frame of its moment.
@MainActor
public final class FrameTicker {
  /// The time between frames.
  public let interval: Duration
  /// The current frame number, counted from the clock's start.
  public private(set) var frame: Int
  /// When the frame after ``frame`` starts: `interval * (frame + 1)`.
  private var nextFrameStart: Duration
  private let scheduler: Scheduler
  private var subscribers: [ObjectIdentifier: @MainActor (Int) -> Void] = [:]
  private var timer: Scheduler.Timer?

  init(interval: Duration, scheduler: Scheduler) {
    self.interval = interval
    self.scheduler = scheduler
    (frame, nextFrameStart) = FrameTicker.frame(at: scheduler.clock.now, interval: interval)
  }

  /// The number of subscribers.
  package var subscriberCount: Int { subscribers.count }

  /// Calls `onTick` with the frame number on every frame shown until ``unsubscribe(_:)``; the
  /// numbers skip the frames a late tick passed.
  public func subscribe(_ owner: AnyObject, onTick: @escaping @MainActor (Int) -> Void) {
    subscribers[ObjectIdentifier(owner)] = onTick
    (frame, nextFrameStart) = FrameTicker.frame(at: scheduler.clock.now, interval: interval)
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
    timer = scheduler.scheduleFrame(at: nextFrameStart, tickAction)
  }

  // NB: made once: a closure made per frame was an allocation and a weak reference per frame.
  private lazy var tickAction: @MainActor () -> Void = { [weak self] in self?.tick() }

  private func tick() {
    timer = nil
    let now = scheduler.clock.now
    // NB: a tick comes as its frame starts, or a little after: one step, with no division or
    // multiplication of durations; a later one (the program was stopped) counts again.
    if nextFrameStart <= now && now - nextFrameStart < interval {
      frame += 1
      nextFrameStart += interval
    } else {
      (frame, nextFrameStart) = FrameTicker.frame(at: now, interval: interval)
    }
    for onTick in subscribers.values { onTick(frame) }
    if !subscribers.isEmpty { arm() }
  }

  /// The number of the frame running at `time`, and when the next one starts; exact, where
  /// dividing the durations as `Double`s is not once they are large.
  private static func frame(
    at time: Duration, interval: Duration
  ) -> (frame: Int, nextStart: Duration) {
    guard interval > .zero else { return (0, .zero) }
    var frame = time.attoseconds / interval.attoseconds
    if time < .zero && frame * interval.attoseconds != time.attoseconds { frame -= 1 }
    let clamped = Int(clamping: frame)
    let (next, overflow) = interval.attoseconds.multipliedReportingOverflow(by: Int128(clamped) + 1)
    return (clamped, Duration(attoseconds: overflow ? .max : next))
  }
}

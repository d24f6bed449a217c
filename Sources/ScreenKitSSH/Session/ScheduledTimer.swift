import NIOCore
import ScreenKit

/// A timer on an event loop.
struct ScheduledTimer: SessionTimer {
  let scheduled: Scheduled<Void>

  func cancel() { scheduled.cancel() }
}

extension TimeAmount {
  /// `duration` in nanoseconds, at most `Int64.max` of them.
  init(_ duration: Duration) {
    self = .nanoseconds(duration.saturatingCount(of: .nanoseconds(1)))
  }
}

import NIOCore

extension TimeAmount {
  /// `duration` in nanoseconds, at most `Int64.max` of them.
  init(_ duration: Duration) {
    self = .nanoseconds(duration.saturatingCount(of: .nanoseconds(1)))
  }
}

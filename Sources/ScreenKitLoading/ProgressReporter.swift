/// What a load closure calls, from any thread, to report its progress.
public struct ProgressReporter: Sendable {
  private let send: @Sendable (LoadProgress) -> Void

  /// Creates a reporter that forwards reports to `send`.
  public init(_ send: @escaping @Sendable (LoadProgress) -> Void) {
    self.send = send
  }

  /// A reporter that drops every report.
  public static let ignoring = ProgressReporter { _ in }

  /// Reports a fraction (0–1) and/or a message.
  public func report(fraction: Double? = nil, message: String? = nil) {
    send(LoadProgress(fraction: fraction, message: message))
  }
}

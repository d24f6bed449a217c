/// How far a load has come: a fraction from 0 to 1, a message, or both.
public struct LoadProgress: Hashable, Sendable {
  /// The completed fraction, from 0 to 1, when the load can tell.
  public var fraction: Double?
  /// A short description of the current step.
  public var message: String?

  /// Creates a progress report.
  public init(fraction: Double? = nil, message: String? = nil) {
    self.fraction = fraction.map { min(1, max(0, $0)) }
    self.message = message
  }
}

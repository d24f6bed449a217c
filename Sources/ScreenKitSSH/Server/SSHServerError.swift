/// Why a server cannot start, in one line for its user.
public struct SSHServerError: Error, CustomStringConvertible, Sendable {
  /// What went wrong and, where there is one, what to do about it.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}

import NIOSSH

extension NIOSSHUserAuthenticationOutcome {
  /// Whether the client was let in.
  var isSuccess: Bool {
    if case .success = self { true } else { false }
  }
}

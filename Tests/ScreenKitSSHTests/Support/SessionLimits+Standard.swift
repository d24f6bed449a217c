@testable import ScreenKitSSH

extension SessionLimits {
  /// The server's default limits.
  static var standard: SessionLimits {
    SessionLimits(SSHScreenServer.Options(hostKeyPath: "unused"))
  }
}

@testable import ScreenKitSSH

extension SessionRequest {
  /// A shell request of `user` on an 80×24 xterm.
  static func shell(
    user: String = "ada", width: Int = 80, height: Int = 24, term: String = "xterm-256color",
    environment: [String: String] = [:]
  ) -> SessionRequest {
    SessionRequest(
      user: user, remoteAddress: "127.0.0.1", terminalType: term, width: width, height: height,
      environment: environment, command: .shell)
  }
}

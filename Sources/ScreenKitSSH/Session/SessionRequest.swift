/// What a client asked for on a session channel, made safe, for the main actor to start the
/// session with.
struct SessionRequest: Sendable {
  var user: String
  var remoteAddress: String
  var terminalType: String
  var width: Int
  var height: Int
  var environment: [String: String]
  var command: SSHSession.Command
}

import Locking

/// What the server knows of one connection: where it came from, whether it was refused, and
/// the user it authenticated as.
final class ConnectionState: Sendable {
  /// The client's address, as text.
  let address: String
  /// Why the connection may have no session, when the gate refused it.
  let refusal: String?
  private let authenticated = Locked<String?>(nil)

  init(address: String, refusal: String?) {
    self.address = address
    self.refusal = refusal
  }

  /// The user name the client authenticated as, made printable; `nil` until then.
  var user: String? { authenticated.withLock { $0 } }

  /// Records the authenticated user.
  func authenticate(as user: String) {
    authenticated.withLock { $0 = ClientText.printable(user) }
  }
}

import NIOCore
import NIOSSH

/// The server's authentication of one connection: a public key in the authorized keys (and
/// passing the program's own check), or a password only when the program checks passwords.
///
/// Answers go back in the order the requests came, as swift-nio-ssh requires, though the
/// program's checks are asynchronous.
final class ClientAuthenticator: NIOSSHServerUserAuthenticationDelegate {
  private let keys: AuthorizedKeys?
  private let authorizeKey: (@Sendable (String, String) async -> Bool)?
  private let checkPassword: (@Sendable (String, String) async -> Bool)?
  private let connection: ConnectionState
  /// The answer to the last request, which the next one waits for.
  private var previous: EventLoopFuture<Void>?

  init(
    keys: AuthorizedKeys?, authorizeKey: (@Sendable (String, String) async -> Bool)?,
    checkPassword: (@Sendable (String, String) async -> Bool)?, connection: ConnectionState
  ) {
    self.keys = keys
    self.authorizeKey = authorizeKey
    self.checkPassword = checkPassword
    self.connection = connection
  }

  var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods {
    checkPassword == nil ? .publicKey : [.publicKey, .password]
  }

  func requestReceived(
    request: NIOSSHUserAuthenticationRequest,
    responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>
  ) {
    let loop = responsePromise.futureResult.eventLoop
    let user = request.username
    var check: (@Sendable () async -> Bool)?
    switch request.request {
    case .publicKey(let offer):
      // NB: swift-nio-ssh verified the signature before asking.
      let key = offer.publicKey
      let listed = keys.map { $0.contains(key) }
      if listed == false {
        check = nil
      } else if let authorizeKey {
        let text = String(openSSHPublicKey: key)
        check = { @Sendable in await authorizeKey(user, text) }
      } else if listed == true {
        check = { @Sendable in true }
      }
    case .password(let password):
      let secret = password.password
      if let checkPassword {
        check = { @Sendable in await checkPassword(user, secret) }
      }
    default:
      break
    }
    let connection = self.connection
    let outcome: EventLoopFuture<NIOSSHUserAuthenticationOutcome>
    if let check {
      outcome = loop.makeFutureWithTask { await check() }.map { accepted in
        if accepted { connection.authenticate(as: user) }
        return accepted ? .success : .failure
      }
    } else {
      outcome = loop.makeSucceededFuture(.failure)
    }
    let answer = (previous ?? loop.makeSucceededVoidFuture()).flatMap { outcome }
    answer.cascade(to: responsePromise)
    previous = answer.map { _ in }
  }
}

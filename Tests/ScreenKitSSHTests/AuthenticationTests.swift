import Crypto
import NIOCore
import NIOPosix
import NIOSSH
import Testing

@testable import ScreenKitSSH

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The host key kept on disk, the authorized keys, and who the authenticator lets in.
@Suite struct AuthenticationTests {
  static let client = NIOSSHPrivateKey(ed25519Key: Curve25519.Signing.PrivateKey())
  static let stranger = NIOSSHPrivateKey(ed25519Key: Curve25519.Signing.PrivateKey())

  @Test func theHostKeyIsMadeOnceWithMode0600AndReadAgain() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let path = "\(directory.path)/host_key"
    let made = try HostKeyFile.loadOrCreate(path)
    #expect(directory.mode(of: "host_key") == 0o600)
    let read = try HostKeyFile.loadOrCreate(path)
    #expect(read.rawRepresentation == made.rawRepresentation)
    let fingerprint = HostKeyFile.fingerprint(of: made)
    #expect(fingerprint.hasPrefix("SHA256:"))
    #expect(fingerprint.count == 7 + 43)
  }

  @Test func aHostKeyOthersMayReadIsRefused() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let path = "\(directory.path)/host_key"
    _ = try HostKeyFile.loadOrCreate(path)
    chmod(path, 0o644)
    #expect(throws: SSHServerError.self) { try HostKeyFile.load(path) }
    do {
      _ = try HostKeyFile.load(path)
    } catch {
      #expect(error.description.contains("mode 644"))
    }
  }

  @Test func aHostKeyThatIsNotOneIsRefused() {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.write("host_key", "-----BEGIN OPENSSH PRIVATE KEY-----\n")
    #expect(throws: SSHServerError.self) { try HostKeyFile.load(path) }
  }

  @Test func theAuthorizedKeysTakeEd25519KeysAndSkipWhatTheyCannotHonour() {
    let line = String(openSSHPublicKey: Self.client.publicKey)
    let keys = AuthorizedKeys(
      text: """
        # comment

        \(line) ada@laptop
        from="10.0.0.1" \(line)
        ssh-rsa AAAAB3NzaC1yc2E= old
        ssh-ed25519 not-base64
        """)
    #expect(keys.contains(Self.client.publicKey))
    #expect(!keys.contains(Self.stranger.publicKey))
    #expect(keys.skipped.count == 3)
    #expect(keys.skipped[0].hasPrefix("line 4: options"))
    #expect(keys.skipped[1].contains("RSA"))
  }

  func outcome(
    _ request: NIOSSHUserAuthenticationRequest.Request, user: String = "ada",
    passwords: (@Sendable (String, String) async -> Bool)? = nil,
    check: (@Sendable (String, String) async -> Bool)? = nil
  ) async throws -> (NIOSSHUserAuthenticationOutcome, ConnectionState, passwords: Bool) {
    let keys = AuthorizedKeys(text: String(openSSHPublicKey: Self.client.publicKey))
    let connection = ConnectionState(address: "127.0.0.1", refusal: nil)
    // NB: a group of its own, shut down before the test ends: NIO's process-wide singleton
    // opened its event loops' descriptors (an epoll, an eventfd, a timerfd) for the life of
    // the process, in the middle of a test of the curses sessions that checks nothing its
    // session opened is left open.
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    do {
      let loop = group.next()
      let promise = loop.makePromise(of: NIOSSHUserAuthenticationOutcome.self)
      // NB: the authenticator is the event loop's, as the server's is.
      let takesPasswords = try await loop.submit {
        let authenticator = ClientAuthenticator(
          keys: keys, authorizeKey: check, checkPassword: passwords, connection: connection)
        authenticator.requestReceived(
          request: NIOSSHUserAuthenticationRequest(
            username: user, serviceName: "ssh-connection", request: request),
          responsePromise: promise)
        return authenticator.supportedAuthenticationMethods.contains(.password)
      }.get()
      let outcome = try await promise.futureResult.get()
      try await group.shutdownGracefully()
      return (outcome, connection, takesPasswords)
    } catch {
      try? await group.shutdownGracefully()
      throw error
    }
  }

  @Test func anAuthorizedKeyLogsInAndAnyOtherDoesNot() async throws {
    let (accepted, connection, _) = try await outcome(
      .publicKey(.init(publicKey: Self.client.publicKey)))
    #expect(accepted.isSuccess)
    #expect(connection.user == "ada")
    let (refused, stranger, _) = try await outcome(
      .publicKey(.init(publicKey: Self.stranger.publicKey)))
    #expect(!refused.isSuccess)
    #expect(stranger.user == nil)
  }

  @Test func theProgramsOwnCheckHasTheLastWord() async throws {
    let (refused, _, _) = try await outcome(
      .publicKey(.init(publicKey: Self.client.publicKey)),
      check: { user, key in
        user == "grace" && key.hasPrefix("ssh-ed25519 ")
      })
    #expect(!refused.isSuccess)
    let (accepted, _, _) = try await outcome(
      .publicKey(.init(publicKey: Self.client.publicKey)), user: "grace",
      check: { user, key in user == "grace" && key.hasPrefix("ssh-ed25519 ") })
    #expect(accepted.isSuccess)
  }

  @Test func aPasswordIsRefusedUnlessTheProgramChecksPasswords() async throws {
    let (refused, _, offered) = try await outcome(.password(.init(password: "hunter2")))
    #expect(!refused.isSuccess)
    #expect(!offered)
    let (accepted, _, checking) = try await outcome(
      .password(.init(password: "hunter2")), passwords: { _, password in password == "hunter2" })
    #expect(accepted.isSuccess)
    #expect(checking)
  }

  @Test func escapeBytesInTheUserNameReachNoTerminal() async throws {
    let (accepted, connection, _) = try await outcome(
      .publicKey(.init(publicKey: Self.client.publicKey)), user: "ada\u{1B}]0;pwned\u{07}")
    #expect(accepted.isSuccess)
    #expect(connection.user == "ada\\u{1b}]0;pwned\\u{7}")
  }
}

import ScreenKit
import Testing

@testable import ScreenKitSSH

/// The server as a program starts and stops it, on the loopback address.
@Suite struct SSHScreenServerTests {
  @Test func aServerListensOnAFreePortAndWithNoSessionStopsWithoutWaitingItsGrace() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    var options = SSHScreenServer.Options(hostKeyPath: "\(directory.path)/host_key")
    options.port = 0
    options.authorizedKeysPath = directory.write("authorized_keys", "")
    // NB: a grace no busy machine comes near: with no session to drain, the server stops
    // without waiting for it; a bound of seconds failed on a machine at load 17.
    options.shutdownGrace = .seconds(120)
    let server = try SSHScreenServer(options: options) { _ in Screen() }
    #expect(server.hostKeyFingerprint.hasPrefix("SHA256:"))
    let port = try await server.start()
    #expect(port > 0)
    #expect(server.port == port)
    let clock = ContinuousClock()
    let stopped = await clock.measure { await server.shutdown() }
    #expect(stopped < options.shutdownGrace)
    await server.waitUntilStopped()
    #expect(server.sessionCount == 0)
  }

  @Test func aServerNoOneCouldLogInToDoesNotStart() {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    #expect(throws: SSHServerError.self) {
      _ = try SSHScreenServer(
        options: SSHScreenServer.Options(hostKeyPath: "\(directory.path)/host_key")
      ) { _ in Screen() }
    }
    // Nor does it make a host key.
    #expect(directory.mode(of: "host_key") == nil)
  }
}

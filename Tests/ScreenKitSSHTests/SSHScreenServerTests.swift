import Locking
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
    // NB: a grace no run of the suite comes near, and no bound of wall time on the shutdown:
    // while the whole suite runs on two busy cores, each await of a test waits its turn of
    // the cooperative pool behind every other test's work, and a shutdown with nothing to
    // drain once took 146 s of wall time against a grace of 120 (tests with no wait at all
    // took 230 s in that run).
    options.shutdownGrace = .seconds(3600)
    let server = try SSHScreenServer(options: options) { _ in Screen() }
    #expect(server.hostKeyFingerprint.hasPrefix("SHA256:"))
    let port = try await server.start()
    #expect(port > 0)
    #expect(server.port == port)
    let stopped = Locked(false)
    Task {
      await server.shutdown()
      stopped.withLock { $0 = true }
    }
    // NB: looks on the same pool, after the work queued before each, so a busy pool slows
    // them as much as the shutdown's few awaits.
    let ended = await eventually(timeout: .seconds(30), minimumLooks: 2000) {
      stopped.withLock { $0 }
    }
    #expect(ended, "the server waited for its grace with no session to drain")
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

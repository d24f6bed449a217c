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
    // Each look is a turn of the same pool, after the work queued before it, so a busy pool
    // slows the looks as much as the shutdown's few awaits; the deadline counts only once
    // 2,000 looks were made, and a look is made after it.
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(30))
    var looks = 0
    while !stopped.withLock({ $0 }), looks < 2000 || clock.now < deadline {
      looks += 1
      try await clock.sleep(for: .milliseconds(5))
    }
    #expect(stopped.withLock { $0 }, "the server waited for its grace with no session to drain")
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

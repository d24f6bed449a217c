import Locking
import NIOCore
import NIOEmbedded
import NIOSSH
import ScreenKit
import Testing

@testable import ScreenKitSSH

/// A session channel's requests, as a hostile or a plain client sends them.
///
/// NB: on `NIOAsyncTestingChannel`, whose loop is a queue of its own: an `EmbeddedChannel` must
/// be used from the thread that made it, and the main actor is not one thread under the test
/// runner (its queue is served by dispatch's workers), which NIO reported as API misuse.
@MainActor
@Suite struct SessionChannelHandlerTests {
  let channel = NIOAsyncTestingChannel()
  let recorder = ReplyRecorder()
  let seen = Locked<SSHSession?>(nil)
  let server: ServerContext

  init() async throws {
    var options = SSHScreenServer.Options(hostKeyPath: "unused")
    options.idleTimeout = nil
    let seen = self.seen
    server = ServerContext(options: options) { session in
      seen.withLock { $0 = session }
      return GreetingScreen(user: session.user)
    }
    let connection = ConnectionState(address: "127.0.0.1", refusal: nil)
    connection.authenticate(as: "ada")
    let (channel, recorder, server) = (self.channel, self.recorder, self.server)
    try await channel.testingEventLoop.executeInContext {
      try channel.pipeline.syncOperations.addHandlers([
        recorder, SessionChannelHandler(connection: connection, server: server),
      ])
    }
    try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 22))
  }

  /// Delivers `event` on the channel's loop and returns once the handler has taken it.
  func fire(_ event: any Sendable) async throws {
    let channel = self.channel
    try await channel.testingEventLoop.executeInContext {
      channel.pipeline.fireUserInboundEventTriggered(event)
    }
  }

  func pty(width: Int = 80, height: Int = 24, term: String = "xterm-256color")
    -> SSHChannelRequestEvent.PseudoTerminalRequest
  {
    .init(
      wantReply: true, term: term, terminalCharacterWidth: width, terminalRowHeight: height,
      terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: SSHTerminalModes([:]))
  }

  /// Closes the channel, waits until the session it started (if any) ended, and runs or
  /// cancels what is left on the embedded event loop: nothing of a test outlives it (the
  /// address sanitizer's leak check holds the tests to it).
  func close() async throws {
    let drivers = server.sessions
    channel.close(promise: nil)
    #expect(await eventually { drivers.allSatisfy(\.isEnded) })
    _ = try await channel.finish(acceptAlreadyClosed: true)
    await channel.testingEventLoop.shutdownGracefully()
  }

  /// What the handler wrote to the client, as text; `stdErr` for its standard error.
  func written(_ type: SSHChannelData.DataType = .channel) async throws -> String {
    var text = ""
    while let data = try await channel.readOutbound(as: SSHChannelData.self) {
      guard data.type == type, case .byteBuffer(let buffer) = data.data else { continue }
      text += String(buffer: buffer)
    }
    return text
  }

  @Test func anExecRequestIsRefusedAndTheChannelCloses() async throws {
    try await fire(pty())
    try await fire(SSHChannelRequestEvent.ExecRequest(command: "cat /etc/passwd", wantReply: true))
    #expect(recorder.failures == 1)
    #expect(try await written(.stdErr) == "ScreenKit: this server runs no commands.\r\n")
    #expect(!channel.isActive)
    #expect(seen.withLock { $0 } == nil)
    try await close()
  }

  @Test func aSubsystemRequestIsRefused() async throws {
    try await fire(SSHChannelRequestEvent.SubsystemRequest(subsystem: "sftp", wantReply: true))
    #expect(recorder.failures == 1)
    #expect(try await written(.stdErr).contains("no such subsystem"))
    #expect(!channel.isActive)
    try await close()
  }

  @Test func aShellWithoutATerminalHearsWhyAndExits() async throws {
    try await fire(SSHChannelRequestEvent.ShellRequest(wantReply: true))
    #expect(try await written().contains("connect from a terminal"))
    #expect(recorder.exitStatus == 1)
    #expect(!channel.isActive)
    try await close()
  }

  @Test func aHugeEnvironmentIsCutAndMadeSafe() async throws {
    try await fire(pty())
    for index in 0..<1_000 {
      try await fire(
        SSHChannelRequestEvent.EnvironmentRequest(
          wantReply: true, name: "VAR\(index)",
          value: "\u{1B}[2J" + String(repeating: "x", count: 100)))
    }
    try await fire(
      SSHChannelRequestEvent.EnvironmentRequest(
        wantReply: true, name: "BIG", value: String(repeating: "x", count: 1_000_000)))
    #expect(recorder.successes == 1 + SessionChannelHandler.maximumVariables)
    try await fire(SSHChannelRequestEvent.ShellRequest(wantReply: true))
    #expect(await eventually { seen.withLock { $0 } != nil })
    let session = seen.withLock { $0 }
    #expect(session?.environment.count == SessionChannelHandler.maximumVariables)
    #expect(session?.environment["VAR0"]?.hasPrefix("\\u{1b}[2J") == true)
    #expect(session?.user == "ada")
    // NB: the session's frames are written from the main actor onto the channel's loop.
    _ = try await channel.waitForOutboundWrite(as: SSHChannelData.self)
    try await fire(SSHChannelRequestEvent.ExecRequest(command: "ls", wantReply: true))
    #expect(recorder.failures >= 1)
    try await close()
  }

  @Test func aHostileTerminalTypeBecomesUnknownAndAWindowOfNothingIsBounded() async throws {
    try await fire(pty(width: 0, height: 0, term: "xterm\u{1B}]52;c;cHduZWQ=\u{07}"))
    try await fire(SSHChannelRequestEvent.ShellRequest(wantReply: true))
    #expect(await eventually { seen.withLock { $0 } != nil })
    let session = seen.withLock { $0 }
    #expect(session?.terminalType == "unknown")
    #expect(session?.size == Size(width: 80, height: 24))
    #expect(session?.colorDepth == .monochrome)
    try await fire(
      SSHChannelRequestEvent.WindowChangeRequest(
        terminalCharacterWidth: 100_000, terminalRowHeight: 0, terminalPixelWidth: 0,
        terminalPixelHeight: 0))
    #expect(await eventually { session?.size == Size(width: 500, height: 24) })
    try await close()
  }
}

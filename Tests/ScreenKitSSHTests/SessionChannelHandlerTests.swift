import Locking
import NIOCore
import NIOEmbedded
import NIOSSH
import ScreenKit
import Testing

@testable import ScreenKitSSH

/// A session channel's requests, as a hostile or a plain client sends them.
@MainActor
@Suite struct SessionChannelHandlerTests {
  let channel = EmbeddedChannel()
  let recorder = ReplyRecorder()
  let seen = Locked<SSHSession?>(nil)
  let server: ServerContext

  init() throws {
    var options = SSHScreenServer.Options(hostKeyPath: "unused")
    options.idleTimeout = nil
    let seen = self.seen
    server = ServerContext(options: options) { session in
      seen.withLock { $0 = session }
      return GreetingScreen(user: session.user)
    }
    let connection = ConnectionState(address: "127.0.0.1", refusal: nil)
    connection.authenticate(as: "ada")
    try channel.pipeline.syncOperations.addHandlers([
      recorder, SessionChannelHandler(connection: connection, server: server),
    ])
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 22)).wait()
  }

  func fire(_ event: any Sendable) {
    channel.pipeline.fireUserInboundEventTriggered(event)
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
    _ = try channel.finish(acceptAlreadyClosed: true)
    // NB: the embedded loop is used from the thread that made it (the main actor's), as NIO
    // requires: its `async` shutdown would run it on the pool.
    let loop = channel.embeddedEventLoop
    await withCheckedContinuation { done in
      loop.shutdownGracefully(queue: .global()) { _ in done.resume() }
    }
  }

  /// What the handler wrote to the client, as text; `stdErr` for its standard error.
  func written(_ type: SSHChannelData.DataType = .channel) throws -> String {
    var text = ""
    while let data = try channel.readOutbound(as: SSHChannelData.self) {
      guard data.type == type, case .byteBuffer(let buffer) = data.data else { continue }
      text += String(buffer: buffer)
    }
    return text
  }

  @Test func anExecRequestIsRefusedAndTheChannelCloses() async throws {
    fire(pty())
    fire(SSHChannelRequestEvent.ExecRequest(command: "cat /etc/passwd", wantReply: true))
    #expect(recorder.failures == 1)
    #expect(try written(.stdErr) == "ScreenKit: this server runs no commands.\r\n")
    #expect(!channel.isActive)
    #expect(seen.withLock { $0 } == nil)
    try await close()
  }

  @Test func aSubsystemRequestIsRefused() async throws {
    fire(SSHChannelRequestEvent.SubsystemRequest(subsystem: "sftp", wantReply: true))
    #expect(recorder.failures == 1)
    #expect(try written(.stdErr).contains("no such subsystem"))
    #expect(!channel.isActive)
    try await close()
  }

  @Test func aShellWithoutATerminalHearsWhyAndExits() async throws {
    fire(SSHChannelRequestEvent.ShellRequest(wantReply: true))
    #expect(try written().contains("connect from a terminal"))
    #expect(recorder.exitStatus == 1)
    #expect(!channel.isActive)
    try await close()
  }

  @Test func aHugeEnvironmentIsCutAndMadeSafe() async throws {
    fire(pty())
    for index in 0..<1_000 {
      fire(
        SSHChannelRequestEvent.EnvironmentRequest(
          wantReply: true, name: "VAR\(index)",
          value: "\u{1B}[2J" + String(repeating: "x", count: 100)))
    }
    fire(
      SSHChannelRequestEvent.EnvironmentRequest(
        wantReply: true, name: "BIG", value: String(repeating: "x", count: 1_000_000)))
    #expect(recorder.successes == 1 + SessionChannelHandler.maximumVariables)
    fire(SSHChannelRequestEvent.ShellRequest(wantReply: true))
    #expect(await eventually { seen.withLock { $0 } != nil })
    let session = seen.withLock { $0 }
    #expect(session?.environment.count == SessionChannelHandler.maximumVariables)
    #expect(session?.environment["VAR0"]?.hasPrefix("\\u{1b}[2J") == true)
    #expect(session?.user == "ada")
    // NB: the session's frames are written from the main actor onto the channel's loop.
    #expect(await eventually { (try? channel.readOutbound(as: SSHChannelData.self)) != nil })
    fire(SSHChannelRequestEvent.ExecRequest(command: "ls", wantReply: true))
    #expect(recorder.failures >= 1)
    try await close()
  }

  @Test func aHostileTerminalTypeBecomesUnknownAndAWindowOfNothingIsBounded() async throws {
    fire(pty(width: 0, height: 0, term: "xterm\u{1B}]52;c;cHduZWQ=\u{07}"))
    fire(SSHChannelRequestEvent.ShellRequest(wantReply: true))
    #expect(await eventually { seen.withLock { $0 } != nil })
    let session = seen.withLock { $0 }
    #expect(session?.terminalType == "unknown")
    #expect(session?.size == Size(width: 80, height: 24))
    #expect(session?.colorDepth == .monochrome)
    fire(
      SSHChannelRequestEvent.WindowChangeRequest(
        terminalCharacterWidth: 100_000, terminalRowHeight: 0, terminalPixelWidth: 0,
        terminalPixelHeight: 0))
    #expect(await eventually { session?.size == Size(width: 500, height: 24) })
    try await close()
  }
}

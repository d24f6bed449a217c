import NIOCore
import NIOEmbedded
import NIOSSH
import Testing

@testable import ScreenKitSSH

/// What a session writes reaches its channel in the order it was written, though frames wait
/// for the end of the main actor's turn to go with the other sessions' (`SessionWrites`).
@MainActor
@Suite struct ChannelTransportTests {
  @Test func theLastBytesFollowEveryFrameWrittenBeforeThem() async throws {
    let channel = NIOAsyncTestingChannel()
    try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 22))
    let transport = ChannelTransport(channel: channel)
    transport.send(Array("frame 1".utf8)) {}
    transport.send(Array("frame 2".utf8)) {}
    // NB: in the same turn as the frames, before the task that hands them to the loop runs.
    transport.finish(with: Array("restored".utf8), exitStatus: 0, grace: .seconds(2))
    var written: [String] = []
    for _ in 0..<3 {
      let data = try await channel.waitForOutboundWrite(as: SSHChannelData.self)
      guard case .byteBuffer(let buffer) = data.data else { continue }
      written.append(String(buffer: buffer))
    }
    #expect(written == ["frame 1", "frame 2", "restored"])
    _ = try await channel.finish(acceptAlreadyClosed: true)
    await channel.testingEventLoop.shutdownGracefully()
  }
}

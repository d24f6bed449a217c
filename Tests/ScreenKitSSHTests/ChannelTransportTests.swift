import NIOCore
import NIOEmbedded
import NIOSSH
import Testing

@testable import ScreenKitSSH

/// What a session writes reaches its channel in the order it was written: each write hops to
/// the channel's event loop on its own, and a session's last bytes must not pass its frames.
@MainActor
@Suite struct ChannelTransportTests {
  @Test func theLastBytesFollowEveryFrameWrittenBeforeThem() async throws {
    let channel = NIOAsyncTestingChannel()
    try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 22))
    let transport = ChannelTransport(channel: channel)
    transport.send(Array("frame 1".utf8)) {}
    transport.send(Array("frame 2".utf8)) {}
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

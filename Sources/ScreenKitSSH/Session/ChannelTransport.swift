import NIOCore
import NIOSSH
import ScreenKit

/// A session's transport over its SSH channel: writes hop to the channel's event loop, and
/// timers run there.
struct ChannelTransport: SessionTransport {
  let channel: any Channel

  func send(_ bytes: [UInt8], done: @escaping @Sendable () -> Void) {
    let data = SSHChannelData(type: .channel, data: .byteBuffer(ByteBuffer(bytes: bytes)))
    channel.writeAndFlush(data).whenComplete { _ in done() }
  }

  func finish(with bytes: [UInt8], exitStatus: Int, grace: Duration) {
    let channel = self.channel
    let close: @Sendable () -> Void = { channel.close(promise: nil) }
    channel.eventLoop.scheduleTask(in: TimeAmount(grace)) { close() }
    guard !bytes.isEmpty else {
      sendExitStatus(exitStatus, then: close)
      return
    }
    let data = SSHChannelData(type: .channel, data: .byteBuffer(ByteBuffer(bytes: bytes)))
    channel.writeAndFlush(data).whenComplete { _ in
      sendExitStatus(exitStatus, then: close)
    }
  }

  private func sendExitStatus(_ status: Int, then close: @escaping @Sendable () -> Void) {
    channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status))
      .whenComplete { _ in close() }
  }

  /// The event loop's clock, which its scheduled tasks follow.
  var now: Duration { .nanoseconds(NIODeadline.now().uptimeNanoseconds) }

  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> any SessionTimer
  {
    ScheduledTimer(scheduled: channel.eventLoop.scheduleTask(in: TimeAmount(delay)) { action() })
  }
}

import NIOCore
import NIOSSH
import ScreenKit

/// A session's transport over its SSH channel: writes hop to the channel's event loop; timers
/// are the process's ``SessionTimers``, on the main actor.
struct ChannelTransport: SessionTransport {
  let channel: any Channel

  @MainActor func send(_ bytes: [UInt8], done: @escaping @Sendable () -> Void) {
    let channel = self.channel
    // NB: one hop to the event loop for the write and its completion both. From another
    // thread, a write hops there, and so does a callback added to its future: two tasks on
    // the loop per frame and session (docs/serving.md, "Measured").
    channel.eventLoop.execute {
      let data = SSHChannelData(type: .channel, data: .byteBuffer(ByteBuffer(bytes: bytes)))
      channel.writeAndFlush(data).whenComplete { _ in done() }
    }
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

  /// The clock of the process's session timers.
  @MainActor var now: Duration { SessionTimers.shared.now }

  /// On the process's session timers, with every other session's: see ``SessionTimers``.
  @MainActor func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void)
    -> any SessionTimer
  {
    SessionTimers.shared.schedule(after: delay, action)
  }
}

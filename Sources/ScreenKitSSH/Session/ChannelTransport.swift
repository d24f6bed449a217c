import NIOCore
import NIOSSH
import ScreenKit

/// A session's transport over its SSH channel: writes hop to the channel's event loop; timers
/// are the process's ``SessionTimers``, on the main actor.
struct ChannelTransport: SessionTransport {
  let channel: any Channel

  /// Written once the main actor's turn is over, with every other session's writes of the
  /// turn: see ``SessionWrites``.
  @MainActor func send(_ bytes: [UInt8], done: @escaping @Sendable () -> Void) {
    SessionWrites.shared.send(bytes, to: channel, done: done)
  }

  /// After the session's frames still waiting in this turn's writes.
  @MainActor func finish(with bytes: [UInt8], exitStatus: Int, grace: Duration) {
    SessionWrites.shared.flush()
    finishNow(with: bytes, exitStatus: exitStatus, grace: grace)
  }

  /// ``finish(with:exitStatus:grace:)`` from any thread, for a session that wrote nothing
  /// (one refused before it started, on the channel's event loop).
  func finishNow(with bytes: [UInt8], exitStatus: Int, grace: Duration) {
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

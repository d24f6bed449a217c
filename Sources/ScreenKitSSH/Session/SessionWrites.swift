import NIOCore
import NIOSSH

/// The writes of every session made in one turn of the main actor, handed to each event loop
/// in one task: a turn of the session timers draws the frames of every session due in the
/// same millisecond, and a hop to the loop per frame was a task, a lock and often a wake of
/// the loop each (docs/serving.md, "Measured").
@MainActor
final class SessionWrites {
  static let shared = SessionWrites()

  private struct Write: Sendable {
    let channel: any Channel
    let bytes: [UInt8]
    let done: @Sendable () -> Void
  }

  /// The writes waiting, by event loop.
  private var waiting: [ObjectIdentifier: (loop: any EventLoop, writes: [Write])] = [:]
  private var isFlushScheduled = false

  /// Writes `bytes` to `channel` once this turn of the main actor is over; `done` is called on
  /// the channel's event loop once the connection took them or dropped them.
  func send(_ bytes: [UInt8], to channel: any Channel, done: @escaping @Sendable () -> Void) {
    let loop = channel.eventLoop
    waiting[ObjectIdentifier(loop), default: (loop, [])].writes.append(
      Write(channel: channel, bytes: bytes, done: done))
    guard !isFlushScheduled else { return }
    isFlushScheduled = true
    Task { @MainActor in self.flush() }
  }

  /// Hands the writes waiting to their event loops now.
  func flush() {
    isFlushScheduled = false
    let batches = waiting.values
    waiting.removeAll(keepingCapacity: true)
    for (loop, writes) in batches {
      loop.execute {
        for write in writes {
          let data = SSHChannelData(
            type: .channel, data: .byteBuffer(ByteBuffer(bytes: write.bytes)))
          let done = write.done
          write.channel.writeAndFlush(data).whenComplete { _ in done() }
        }
      }
    }
  }
}

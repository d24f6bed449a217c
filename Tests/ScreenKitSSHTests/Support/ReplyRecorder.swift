import NIOCore
import NIOSSH

/// Records the requests' replies and exit statuses the handler sends, as the SSH channel
/// would send them to the client.
final class ReplyRecorder: ChannelOutboundHandler, @unchecked Sendable {
  typealias OutboundIn = Any
  var events: [Any] = []

  func triggerUserOutboundEvent(
    context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?
  ) {
    events.append(event)
    promise?.succeed()
  }

  var failures: Int { events.filter { $0 is ChannelFailureEvent }.count }
  var successes: Int { events.filter { $0 is ChannelSuccessEvent }.count }
  var exitStatus: Int? {
    events.compactMap { ($0 as? SSHChannelRequestEvent.ExitStatus)?.exitStatus }.last
  }
}

import NIOCore

/// Closes a connection on a protocol error, rather than leaving it half alive.
final class CloseOnError: ChannelInboundHandler, Sendable {
  typealias InboundIn = Any

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }
}

import NIOCore
import NIOSSH
import ScreenKit

/// The handler of one session channel, on its event loop: gathers the pty request and the
/// environment, starts the session on a shell request (an exec or subsystem request only when
/// the server allows it), and passes input and window changes to the session's driver.
///
/// Everything the client sends is bounded and made safe here, before the main actor sees it:
/// at most 64 environment variables of at most 64 + 1,024 bytes, control characters written
/// out, the terminal type a terminfo name.
final class SessionChannelHandler: ChannelInboundHandler {
  typealias InboundIn = SSHChannelData
  typealias OutboundOut = SSHChannelData

  /// The most environment variables a session keeps; later ones are refused.
  static let maximumVariables = 64

  private let connection: ConnectionState
  private let server: ServerContext
  private var pseudoTerminal: SSHChannelRequestEvent.PseudoTerminalRequest?
  private var environment: [String: String] = [:]
  private var driver: SessionDriver?
  private var isSettled = false

  init(connection: ConnectionState, server: ServerContext) {
    self.connection = connection
    self.server = server
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    switch event {
    case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
      let accepted = driver == nil && !isSettled
      if accepted { pseudoTerminal = request }
      reply(request.wantReply, accepted, context)
    case let request as SSHChannelRequestEvent.EnvironmentRequest:
      let accepted =
        driver == nil && environment.count < Self.maximumVariables
        && request.name.utf8.count <= 64 && request.value.utf8.count <= 1024
      if accepted {
        environment[ClientText.printable(request.name)] = ClientText.printable(request.value)
      }
      reply(request.wantReply, accepted, context)
    case let request as SSHChannelRequestEvent.ShellRequest:
      start(.shell, wantReply: request.wantReply, context)
    case let request as SSHChannelRequestEvent.ExecRequest:
      guard server.options.allowsExec else {
        refuse(request.wantReply, "this server runs no commands", context)
        return
      }
      start(
        .exec(ClientText.printable(request.command, limit: 4096)), wantReply: request.wantReply,
        context)
    case let request as SSHChannelRequestEvent.SubsystemRequest:
      guard server.options.allowedSubsystems.contains(request.subsystem) else {
        refuse(request.wantReply, "no such subsystem", context)
        return
      }
      start(.subsystem(request.subsystem), wantReply: request.wantReply, context)
    case let change as SSHChannelRequestEvent.WindowChangeRequest:
      driver?.post(
        .resize(width: change.terminalCharacterWidth, height: change.terminalRowHeight))
    default:
      context.fireUserInboundEventTriggered(event)
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let data = unwrapInboundIn(data)
    guard data.type == .channel, case .byteBuffer(var buffer) = data.data, let driver else {
      return
    }
    if let bytes = buffer.readBytes(length: buffer.readableBytes), !bytes.isEmpty {
      driver.post(.input(bytes))
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    driver?.post(.end(.clientGone))
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }

  private func reply(_ wantReply: Bool, _ accepted: Bool, _ context: ChannelHandlerContext) {
    guard wantReply else { return }
    let event: any Sendable = accepted ? ChannelSuccessEvent() : ChannelFailureEvent()
    context.triggerUserOutboundEvent(event, promise: nil)
  }

  /// Refuses a request that would start a session: the client hears why on its standard
  /// error, and the channel closes.
  private func refuse(_ wantReply: Bool, _ reason: String, _ context: ChannelHandlerContext) {
    isSettled = true
    reply(wantReply, false, context)
    let text = Array("ScreenKit: \(reason).\r\n".utf8)
    let data = SSHChannelData(type: .stdErr, data: .byteBuffer(ByteBuffer(bytes: text)))
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(data)).whenComplete { _ in
      channel.close(promise: nil)
    }
  }

  private func start(
    _ command: SSHSession.Command, wantReply: Bool, _ context: ChannelHandlerContext
  ) {
    guard driver == nil, !isSettled else {
      reply(wantReply, false, context)
      return
    }
    isSettled = true
    let transport = ChannelTransport(channel: context.channel)
    let server = self.server
    guard let pseudoTerminal, ClientText.terminalType(pseudoTerminal.term) != "dumb" else {
      // NB: success, so the client shows the message and exits with the status.
      reply(wantReply, true, context)
      let message =
        "ScreenKit: this server shows a full-screen interface; connect from a terminal (ssh -t)."
      transport.finish(with: Array((message + "\r\n").utf8), exitStatus: 1, grace: .seconds(2))
      return
    }
    if let refusal = connection.refusal ?? server.gate.beginSession() {
      reply(wantReply, true, context)
      transport.finish(
        with: Array(("ScreenKit: \(refusal)\r\n").utf8), exitStatus: 1, grace: .seconds(2))
      return
    }
    reply(wantReply, true, context)
    let driver = SessionDriver(
      transport: transport, limits: server.limits, makeRoot: server.makeRoot,
      onEnd: { [gate = server.gate] in gate.endSession() })
    self.driver = driver
    server.register(driver)
    context.channel.closeFuture.whenComplete { _ in server.unregister(driver) }
    let request = SessionRequest(
      user: connection.user ?? "", remoteAddress: connection.address,
      terminalType: ClientText.terminalType(pseudoTerminal.term),
      width: pseudoTerminal.terminalCharacterWidth, height: pseudoTerminal.terminalRowHeight,
      environment: environment, command: command)
    driver.post(.start(request))
  }
}

@available(*, unavailable)
extension SessionChannelHandler: Sendable {}

import Crypto
import Dispatch
import Locking
import NIOCore
import NIOPosix
import NIOSSH
public import ScreenKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A server that shows screens over SSH: each session a client opens with a terminal gets its
/// own root screen on its own `ScreenHost`, drawn with the escape-code writer of
/// ScreenKitTerminal and colours degraded for the client's `TERM`, as `ssh -p 2222 host` shows
/// it.
///
/// Clients authenticate with a public key of the ``Options/authorizedKeysPath`` file (and the
/// program's own ``Options/authorizeKey`` check); passwords only when the program checks them.
/// The host key is kept in ``Options/hostKeyPath``, made on the first run. The screens run on
/// the main actor, like every ScreenKit host: a program gives all sessions' screens one
/// `LoadCache`, and one load serves every session showing its key. What a client sends reaches
/// only its own session; docs/serving.md has the threat model and the limits.
///
/// A program makes the server with its options and the closure that makes a session's root
/// screen, then calls ``run()``, which serves until SIGTERM or SIGINT and returns once every
/// session was told, had its terminal restored and ended.
public final class SSHScreenServer: Sendable {
  /// The server's options.
  public let options: Options
  /// The host key's fingerprint, `SHA256:…`, as a client shows it on its first connection.
  public let hostKeyFingerprint: String
  /// The lines of the authorized keys file that were not taken, each with its number and why.
  public let skippedAuthorizedKeys: [String]

  private let context: ServerContext
  private let hostKey: NIOSSHPrivateKey
  private let authorizedKeys: AuthorizedKeys?
  private let state = Locked(State())

  private struct State {
    var group: MultiThreadedEventLoopGroup?
    var listener: (any Channel)?
    var connections: [ObjectIdentifier: any Channel] = [:]
    var port: Int?
    var isStopping = false
    var waiting: [CheckedContinuation<Void, Never>] = []
    var isStopped = false
  }

  /// A server with `options` whose sessions show the screen `root` makes for each, on the
  /// main actor; the host key is read (or made) and the authorized keys read now.
  public init(
    options: Options, root: @escaping @MainActor @Sendable (SSHSession) -> Screen
  ) throws(SSHServerError) {
    self.options = options
    if let path = options.authorizedKeysPath {
      let keys = try AuthorizedKeys(path: path)
      authorizedKeys = keys
      skippedAuthorizedKeys = keys.skipped
    } else if options.authorizeKey == nil, options.checkPassword == nil {
      throw SSHServerError("no one could log in: give an authorized keys file or a check")
    } else {
      authorizedKeys = nil
      skippedAuthorizedKeys = []
    }
    // NB: after the authorized keys, so a server that cannot start makes no key file.
    let key = try HostKeyFile.loadOrCreate(options.hostKeyPath)
    hostKey = NIOSSHPrivateKey(ed25519Key: key)
    hostKeyFingerprint = HostKeyFile.fingerprint(of: key)
    context = ServerContext(options: options, makeRoot: root)
  }

  /// The port the server listens on, once ``start()`` returned.
  public var port: Int? { state.withLock { $0.port } }

  /// The sessions running now.
  public var sessionCount: Int { context.gate.sessions }

  /// Starts listening and returns the port.
  @discardableResult
  public func start() async throws -> Int {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, options.threads))
    state.withLock { $0.group = group }
    let bootstrap = ServerBootstrap(group: group)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
      .childChannelInitializer { [self] channel in accept(channel) }
    do {
      let listener = try await bootstrap.bind(host: options.host, port: options.port).get()
      let port = listener.localAddress?.port ?? options.port
      state.withLock {
        $0.listener = listener
        $0.port = port
      }
      return port
    } catch {
      try? await group.shutdownGracefully()
      throw SSHServerError("cannot listen on \(options.host):\(options.port): \(error)")
    }
  }

  private func accept(_ channel: any Channel) -> EventLoopFuture<Void> {
    let address = channel.remoteAddress?.ipAddress ?? "unknown"
    let admission = context.gate.admitConnection(from: address)
    let gate = context.gate
    channel.closeFuture.whenComplete { _ in gate.endConnection() }
    let isStopping = state.withLock { state in
      if !state.isStopping { state.connections[ObjectIdentifier(channel)] = channel }
      return state.isStopping
    }
    guard admission != .closed, !isStopping else {
      return channel.eventLoop.makeFailedFuture(ChannelError.inputClosed)
    }
    channel.closeFuture.whenComplete { [state] _ in
      state.withLock { _ = $0.connections.removeValue(forKey: ObjectIdentifier(channel)) }
    }
    var refusal: String?
    if case .refused(let reason) = admission { refusal = reason }
    let connection = ConnectionState(address: address, refusal: refusal)
    let context = self.context
    let (hostKey, keys) = (self.hostKey, authorizedKeys)
    channel.eventLoop.scheduleTask(in: TimeAmount(options.authenticationTimeout)) {
      if connection.user == nil { channel.close(promise: nil) }
    }
    return channel.eventLoop.makeCompletedFuture {
      let authenticator = ClientAuthenticator(
        keys: keys, authorizeKey: context.options.authorizeKey,
        checkPassword: context.options.checkPassword, connection: connection)
      var configuration = SSHServerConfiguration(
        hostKeys: [hostKey], userAuthDelegate: authenticator)
      configuration.maxAuthAttempts = 10
      let handler = NIOSSHHandler(
        role: .server(configuration), allocator: channel.allocator,
        inboundChildChannelInitializer: { child, type in
          guard case .session = type else {
            return child.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
          }
          return child.eventLoop.makeCompletedFuture {
            try child.pipeline.syncOperations.addHandler(
              SessionChannelHandler(connection: connection, server: context))
          }
        })
      try channel.pipeline.syncOperations.addHandlers([handler, CloseOnError()])
    }
  }

  /// Stops the server: no new connection, and every session hears `message`, gets its
  /// terminal back and ends, within ``Options/shutdownGrace``; then every connection closes.
  public func shutdown(message: String = "The server is shutting down.") async {
    let (listener, group) = state.withLock {
      state -> ((any Channel)?, MultiThreadedEventLoopGroup?) in
      guard !state.isStopping else { return (nil, nil) }
      state.isStopping = true
      return (state.listener, state.group)
    }
    guard let group else {
      await waitUntilStopped()
      return
    }
    try? await listener?.close()
    for driver in context.sessions {
      driver.post(.end(.ended(exitStatus: 0, message: ClientText.printable(message, limit: 1024))))
    }
    let drained = group.next().makePromise(of: Void.self)
    context.whenDrained { drained.succeed() }
    let timeout = group.next().scheduleTask(in: TimeAmount(options.shutdownGrace)) {
      drained.succeed()
    }
    try? await drained.futureResult.get()
    timeout.cancel()
    let connections = state.withLock { Array($0.connections.values) }
    for connection in connections { try? await connection.close() }
    try? await group.shutdownGracefully()
    let waiting = state.withLock { state in
      state.isStopped = true
      defer { state.waiting.removeAll() }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }

  /// Returns once ``shutdown(message:)`` has finished.
  public func waitUntilStopped() async {
    await withCheckedContinuation { continuation in
      let stopped = state.withLock { state in
        if !state.isStopped { state.waiting.append(continuation) }
        return state.isStopped
      }
      if stopped { continuation.resume() }
    }
  }

  /// Starts the server (unless ``start()`` did) and serves until SIGTERM or SIGINT, then shuts
  /// it down gracefully (``shutdown(message:)``) and returns.
  public func run() async throws {
    if port == nil { try await start() }
    let signals = [SIGTERM, SIGINT].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [self] in Task { await self.shutdown() } }
      source.resume()
      return source
    }
    await waitUntilStopped()
    for source in signals { source.cancel() }
  }
}

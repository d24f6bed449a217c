import Locking
import ScreenKit

/// What every session channel of a server shares: its options, limits and gate, the closure
/// that makes a session's root screen, and the sessions running (for a shutdown).
final class ServerContext: Sendable {
  let options: SSHScreenServer.Options
  let limits: SessionLimits
  let gate: ConnectionGate
  let makeRoot: @MainActor @Sendable (SSHSession) -> Screen
  private let drivers = Locked<[ObjectIdentifier: SessionDriver]>([:])
  /// Called when the last session is gone, while the server stops.
  private let drained = Locked<(@Sendable () -> Void)?>(nil)

  init(
    options: SSHScreenServer.Options,
    makeRoot: @escaping @MainActor @Sendable (SSHSession) -> Screen
  ) {
    self.options = options
    self.limits = SessionLimits(options)
    self.gate = ConnectionGate(
      maximumSessions: options.maximumSessions,
      connectionsPerMinutePerAddress: options.connectionsPerMinutePerAddress)
    self.makeRoot = makeRoot
  }

  func register(_ driver: SessionDriver) {
    drivers.withLock { $0[ObjectIdentifier(driver)] = driver }
  }

  func unregister(_ driver: SessionDriver) {
    let isLast = drivers.withLock { drivers in
      drivers[ObjectIdentifier(driver)] = nil
      return drivers.isEmpty
    }
    if isLast, let drained = drained.withLock({ $0 }) { drained() }
  }

  /// The sessions whose channels are open.
  var sessions: [SessionDriver] { drivers.withLock { Array($0.values) } }

  /// Calls `action` once no session is left (at once if none is).
  func whenDrained(_ action: @escaping @Sendable () -> Void) {
    drained.withLock { $0 = action }
    if drivers.withLock({ $0.isEmpty }) { action() }
  }
}

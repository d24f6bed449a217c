import Locking

/// The server's limits on who may come in.
///
/// The most sessions (and connections) at once, and each address's connections a minute;
/// shared by every event loop.
final class ConnectionGate: Sendable {
  /// What becomes of a new connection.
  enum Admission: Equatable {
    /// It goes ahead.
    case admitted
    /// It may authenticate, then hears why it cannot have a session.
    case refused(String)
    /// Closed before the handshake: an address far past its rate gets no more of the
    /// server's time.
    case closed
  }

  private struct State {
    var connections = 0
    var sessions = 0
    /// Each address's connection times within the last minute, oldest first.
    var recent: [String: [ContinuousClock.Instant]] = [:]
  }

  private let state = Locked(State())
  private let maximumSessions: Int
  private let perMinute: Int

  init(maximumSessions: Int, connectionsPerMinutePerAddress: Int) {
    self.maximumSessions = max(0, maximumSessions)
    self.perMinute = max(1, connectionsPerMinutePerAddress)
  }

  /// Counts a connection from `address`, at `now`, and says whether it may go on; every
  /// connection counted ends with ``endConnection()``, admitted or not.
  func admitConnection(from address: String, at now: ContinuousClock.Instant = .now) -> Admission {
    state.withLock { state in
      state.connections += 1
      let window = now - .seconds(60)
      var times = state.recent[address, default: []].filter { $0 > window }
      times.append(now)
      state.recent[address] = times
      if state.recent.count > 10_000 {
        // NB: many addresses, each once: forget those with nothing in the last minute.
        state.recent = state.recent.filter { $0.value.contains { $0 > window } }
      }
      if times.count > 2 * perMinute { return .closed }
      if times.count > perMinute {
        return .refused(
          "too many connections from your address (at most \(perMinute) a minute); try again in a minute."
        )
      }
      if state.connections > maximumSessions {
        return .refused(
          "the server is full (\(maximumSessions) session\(maximumSessions == 1 ? "" : "s")); try again later."
        )
      }
      return .admitted
    }
  }

  /// Ends what ``admitConnection(from:at:)`` counted.
  func endConnection() {
    state.withLock { $0.connections -= 1 }
  }

  /// Counts a session and returns `nil`, or the reason it cannot start.
  func beginSession() -> String? {
    state.withLock { state in
      guard state.sessions < maximumSessions else {
        return
          "the server is full (\(maximumSessions) session\(maximumSessions == 1 ? "" : "s")); try again later."
      }
      state.sessions += 1
      return nil
    }
  }

  /// Ends what ``beginSession()`` counted.
  func endSession() {
    state.withLock { $0.sessions -= 1 }
  }

  /// The sessions running.
  var sessions: Int { state.withLock { $0.sessions } }
}

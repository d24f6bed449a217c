import Locking
import ScreenKitSimulation

@testable import ScreenKitSSH

/// A session's transport that records what the session wrote, and takes it at once or only
/// when the test says (a client that stopped reading); its timers are on a virtual clock.
final class RecordingTransport: SessionTransport {
  private struct State {
    var output: [UInt8] = []
    var writes = 0
    var finished: (bytes: [UInt8], status: Int)?
    var isHolding = false
    var held: [@Sendable () -> Void] = []
    var bytesHeld = 0
    var mostBytesHeld = 0
    /// The tasks of the timers scheduled, cancelled when the transport goes.
    var timers: [Task<Void, any Error>] = []
  }

  private let state = Locked(State())

  // NB: a timer's task sleeps on the virtual clock until the test moves it there; one the
  // test never reaches would sleep until the process ends, and LeakSanitizer reports every
  // task still suspended then. The session's driver, and so its transport, go with the test.
  deinit {
    for timer in state.withLock({ $0.timers }) { timer.cancel() }
  }

  /// Everything written, frames and the final bytes, as text.
  var text: String { String(decoding: state.withLock { $0.output }, as: UTF8.self) }
  /// The bytes written since `offset`, as text.
  func text(from offset: Int) -> String {
    String(decoding: state.withLock { $0.output.dropFirst(offset) }, as: UTF8.self)
  }
  /// How many bytes were written.
  var byteCount: Int { state.withLock { $0.output.count } }
  /// How many writes (frames) were made.
  var writes: Int { state.withLock { $0.writes } }
  /// What the session ended with: the last bytes and the exit status.
  var finished: (bytes: [UInt8], status: Int)? { state.withLock { $0.finished } }
  /// The most bytes the client held untaken at once.
  var mostBytesHeld: Int { state.withLock { $0.mostBytesHeld } }

  /// Makes the client stop taking bytes (`true`) or take all it holds and go on (`false`).
  func hold(_ holding: Bool) {
    let release = state.withLock { state -> [@Sendable () -> Void] in
      state.isHolding = holding
      guard !holding else { return [] }
      defer {
        state.held.removeAll()
        state.bytesHeld = 0
      }
      return state.held
    }
    for done in release { done() }
  }

  func send(_ bytes: [UInt8], done: @escaping @Sendable () -> Void) {
    let holding = state.withLock { state -> Bool in
      state.output += bytes
      state.writes += 1
      guard state.isHolding else { return false }
      state.held.append(done)
      state.bytesHeld += bytes.count
      state.mostBytesHeld = max(state.mostBytesHeld, state.bytesHeld)
      return true
    }
    if !holding { done() }
  }

  func finish(with bytes: [UInt8], exitStatus: Int, grace: Duration) {
    state.withLock { state in
      state.output += bytes
      state.finished = (bytes, exitStatus)
    }
  }

  /// The session's timers run on this clock, which moves only when the test advances it.
  let clock = VirtualClock()

  var now: Duration { clock.now.offset }

  @MainActor func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void)
    -> any SessionTimer
  {
    // NB: the deadline is taken now; the task may start after the test moved the clock.
    let deadline = clock.now.advanced(by: delay)
    let task = Task { @MainActor [clock] in
      try await clock.sleep(until: deadline)
      action()
    }
    state.withLock { $0.timers.append(task) }
    return TaskTimer(task: task)
  }
}

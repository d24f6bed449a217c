import Locking

/// Lets exactly one completion through and tells whether it arrived while `load` was running.
final class CompletionGate<Value: Sendable>: Sendable {
  private struct State {
    var claimed = false
    var synchronousWindowOpen = true
    var captured: Result<Value, any Error>?
  }
  private let state = Locked(State())

  func claim() -> Bool {
    state.withLock { state in
      defer { state.claimed = true }
      return !state.claimed
    }
  }

  func captureIfSynchronous(_ result: Result<Value, any Error>) -> Bool {
    state.withLock { state in
      guard state.synchronousWindowOpen else { return false }
      state.captured = result
      return true
    }
  }

  func closeSynchronousWindow() -> Result<Value, any Error>? {
    state.withLock { state in
      state.synchronousWindowOpen = false
      return state.captured
    }
  }
}

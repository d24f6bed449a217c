/// Following a keyed load's key: hearing of its changes while the screen is on screen, and
/// the change waiting out ``LoadOptions/debounce`` before it loads.
@MainActor
struct KeyFollower<Value: Sendable> {
  enum State {
    /// Not hearing of changes: the screen is away, or was never on screen.
    case off
    /// Hearing of changes; `stop` ends that.
    case following(stop: @MainActor () -> Void)
    /// Hearing of changes, one of which waits out its debounce before it loads.
    case waiting(stop: @MainActor () -> Void)
  }

  let keying: LoadKeying<Value>
  private(set) var state = State.off

  init(_ keying: LoadKeying<Value>) {
    self.keying = keying
  }

  /// The key now.
  var current: any Hashable & Sendable { keying.current() }

  var isFollowing: Bool {
    if case .off = state { false } else { true }
  }

  /// Whether a change of the key waits out its debounce.
  var isWaiting: Bool {
    if case .waiting = state { true } else { false }
  }

  /// Hears of the key's changes from now on, while `owner` lives.
  mutating func follow(_ owner: AnyObject, _ action: @escaping @MainActor () -> Void) {
    state = .following(stop: keying.observe(owner, action))
  }

  /// Stops hearing of changes; returns how, for the caller to call.
  mutating func unfollow() -> (@MainActor () -> Void)? {
    defer { state = .off }
    switch state {
    case .off: return nil
    case .following(let stop), .waiting(let stop): return stop
    }
  }

  /// A change waits out its debounce.
  mutating func wait() {
    if case .following(let stop) = state { state = .waiting(stop: stop) }
  }

  /// The change waiting is over (it loads, or it was cancelled); returns whether one waited.
  mutating func endWait() -> Bool {
    guard case .waiting(let stop) = state else { return false }
    state = .following(stop: stop)
    return true
  }
}

/// The value a keyed load depends on, such as a search query or a selection: a
/// `LoadingController` made with `key:`, or a `Loading` screen's `load(key:)`, follows it.
///
/// Set ``value`` as the value changes (a text field's `onChange` sets the query). Each load
/// following the key then waits out its ``LoadOptions/debounce``, cancels the load in flight
/// and loads the new value, keeping the previous results on screen, marked stale, until the new
/// ones arrive. Setting the value it already has does nothing.
///
/// ```swift
/// let query = LoadKey("")
/// let results = LoadingController(
///   key: query, options: LoadOptions(debounce: .milliseconds(250)),
///   load: { text in try await catalogue.search(text) }
/// ) { episodes in EpisodeList(episodes) }
/// query.value = "Swift"
/// ```
///
/// A key is main-actor isolated, like the screens that follow it, and holds them weakly: a
/// screen that leaves stops following it.
@MainActor
public final class LoadKey<Key: Hashable & Sendable> {
  private struct Observer {
    weak var owner: AnyObject?
    let action: @MainActor () -> Void
  }

  /// The value the loads depend on; setting a different one notifies every load following it.
  public var value: Key {
    didSet {
      guard value != oldValue else { return }
      notify()
    }
  }

  private var observers: [Int: Observer] = [:]
  private var nextToken = 0

  /// Creates a key holding `value`.
  public init(_ value: Key) {
    self.value = value
  }

  /// Calls `action` after each change of the value while `owner` lives, until the token
  /// returned is given to ``removeObserver(_:)``.
  package func observe(by owner: AnyObject, _ action: @escaping @MainActor () -> Void) -> Int {
    nextToken += 1
    observers = observers.filter { $0.value.owner != nil }
    observers[nextToken] = Observer(owner: owner, action: action)
    return nextToken
  }

  /// Stops calling the observer of `token`.
  package func removeObserver(_ token: Int) {
    observers[token] = nil
  }

  private func notify() {
    // NB: copied first, in the order they came: an observer's reaction may add or remove one.
    let current = observers.filter { $0.value.owner != nil }
    observers = current
    for token in current.keys.sorted() where observers[token] != nil {
      current[token]?.action()
    }
  }
}

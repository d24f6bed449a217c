/// Where a load is: the single state machine both loading variants share.
public enum LoadState<Value> {
  /// Nothing requested yet, or the last load was cancelled before it finished.
  case idle
  /// A load is under way and there is no value to show.
  case loading
  /// A value arrived and is shown.
  case loaded(Value)
  /// A value is shown while a refresh for a newer one is under way.
  case refreshing(Value)
  /// The load failed; `lastValue` is the value still shown, when a refresh failed.
  case failed(any Error, lastValue: Value?)

  /// The value that is shown, if any.
  public var value: Value? {
    switch self {
    case .loaded(let value), .refreshing(let value): value
    case .failed(_, let lastValue): lastValue
    case .idle, .loading: nil
    }
  }

  /// Whether a load or refresh is under way.
  public var isInFlight: Bool {
    switch self {
    case .loading, .refreshing: true
    case .idle, .loaded, .failed: false
    }
  }

  /// The error of a failed load.
  public var error: (any Error)? {
    if case .failed(let error, _) = self { return error }
    return nil
  }
}

extension LoadState: Sendable where Value: Sendable {}

extension LoadState: Equatable where Value: Equatable {
  /// Equal when the cases and values match; errors compare by their description.
  public static func == (lhs: LoadState, rhs: LoadState) -> Bool {
    switch (lhs, rhs) {
    case (.idle, .idle), (.loading, .loading): true
    case (.loaded(let a), .loaded(let b)), (.refreshing(let a), .refreshing(let b)): a == b
    case (.failed(let e1, let v1), .failed(let e2, let v2)):
      String(describing: e1) == String(describing: e2) && v1 == v2
    default: false
    }
  }
}

extension LoadState: CustomStringConvertible {
  /// The case name, such as `loading` or `failed`.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .loading: "loading"
    case .loaded: "loaded"
    case .refreshing: "refreshing"
    case .failed(_, let last): last == nil ? "failed" : "failed (showing last value)"
    }
  }
}

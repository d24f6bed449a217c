public import ScreenKit

/// An action that reloads the content of the nearest loading container above a screen.
///
/// Read it from the environment (`environment.refresh`) and call it; a call while a refresh
/// runs joins that refresh, and returns when it ends.
@MainActor
public struct RefreshAction {
  private let action: @MainActor () async -> Void

  /// Creates an action that runs `action`.
  public init(_ action: @escaping @MainActor () async -> Void) {
    self.action = action
  }

  /// Starts (or joins) a refresh and waits until it ends.
  public func callAsFunction() async {
    await action()
  }
}

private struct RefreshKey: EnvironmentKey {
  static var defaultValue: RefreshAction? { nil }
}

extension EnvironmentValues {
  /// The refresh action of the nearest loading container above, if any.
  public var refresh: RefreshAction? {
    get { self[RefreshKey.self] }
    set { self[RefreshKey.self] = newValue }
  }
}

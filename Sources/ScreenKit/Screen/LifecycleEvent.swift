/// One lifecycle call made on a screen, as a value tests can compare.
public struct LifecycleEvent: Hashable, Sendable, CustomStringConvertible {
  /// The lifecycle hooks.
  public enum Hook: Hashable, Sendable {
    /// ``Screen/didLoad()``.
    case didLoad
    /// ``Screen/willAppear()``.
    case willAppear
    /// ``Screen/didAppear()``.
    case didAppear
    /// ``Screen/willDisappear()``.
    case willDisappear
    /// ``Screen/didDisappear()``.
    case didDisappear
    /// ``Screen/willMove(toParent:)`` with the new parent's name, or `nil`.
    case willMove(toParent: String?)
    /// ``Screen/didMove(toParent:)`` with the new parent's name, or `nil`.
    case didMove(toParent: String?)
  }

  /// The screen's ``Screen/name``.
  public var screen: String
  /// The screen's ``Screen/serialNumber``, which tells apart screens that share a name.
  public var screenSerialNumber: Int?
  /// The hook that ran.
  public var hook: Hook

  /// Creates an event.
  public init(_ screen: String, _ hook: Hook, screenSerialNumber: Int? = nil) {
    self.screen = screen
    self.hook = hook
    self.screenSerialNumber = screenSerialNumber
  }

  /// `name.hook`, such as `List.willAppear` or `List.didMove(toParent: Nav)`.
  public var description: String {
    switch hook {
    case .didLoad: "\(screen).didLoad"
    case .willAppear: "\(screen).willAppear"
    case .didAppear: "\(screen).didAppear"
    case .willDisappear: "\(screen).willDisappear"
    case .didDisappear: "\(screen).didDisappear"
    case .willMove(let parent): "\(screen).willMove(toParent: \(parent ?? "nil"))"
    case .didMove(let parent): "\(screen).didMove(toParent: \(parent ?? "nil"))"
    }
  }
}

/// A key and what it does, shown in key-hint bars and the help overlay.
public struct KeyHint: Hashable, Sendable, CustomStringConvertible {
  /// The key's label, such as `r` or `Enter`.
  public var key: String
  /// What pressing it does, such as `refresh`.
  public var action: String

  /// Creates a hint from a label and an action.
  public init(_ key: String, _ action: String) {
    self.key = key
    self.action = action
  }

  /// Creates a hint labelled with the key's own name.
  public init(_ key: Key, _ action: String) {
    self.init(key.description, action)
  }

  /// `key action`.
  public var description: String { "\(key) \(action)" }
}

/// A key press, decoded from whatever the terminal sent.
public enum Key: Hashable, Sendable, CustomStringConvertible {
  /// A printable grapheme, including non-ASCII and CJK input.
  case character(Character)
  /// Return or Enter.
  case enter
  /// Escape.
  case escape
  /// Backspace (either DEL or ^H).
  case backspace
  /// Delete (forward).
  case delete
  /// Tab.
  case tab
  /// Shift-Tab (back-tab).
  case backTab
  /// Cursor up.
  case up
  /// Cursor down.
  case down
  /// Cursor left.
  case left
  /// Cursor right.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page up.
  case pageUp
  /// Page down.
  case pageDown
  /// Insert.
  case insert
  /// A function key, F1 to F12 (or beyond, when the terminal has them).
  case function(Int)
  /// Control with a letter, `a` to `z` (Ctrl-I, Ctrl-M and Ctrl-H arrive as tab, enter and
  /// backspace).
  case control(Character)
  /// Alt (or Meta) with another key, sent by terminals as an Escape prefix.
  indirect case alt(Key)

  /// How the key is named in key hints and help, such as `Enter`, `^C`, `F5`, `M-x`.
  public var description: String {
    switch self {
    case .character(" "): "Space"
    case .character(let c): String(c)
    case .enter: "Enter"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .delete: "Del"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .insert: "Ins"
    case .function(let n): "F\(n)"
    case .control(let c): "^\(c.uppercased())"
    case .alt(let key): "M-\(key)"
    }
  }
}

extension Key: ExpressibleByExtendedGraphemeClusterLiteral {
  /// A printable key written as a character literal, such as `"q"`.
  public init(extendedGraphemeClusterLiteral value: Character) {
    self = .character(value)
  }
}

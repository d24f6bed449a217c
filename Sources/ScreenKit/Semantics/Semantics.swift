/// What a screen is, in words: its role, its label, its value and its state, and the item it
/// has selected; what a reader that speaks or shows text, not cells, is told of it.
///
/// The accessible mode of a host writes these as lines in place of the grid (a screen that
/// appears says its label, role and focused item; a key that moves says the new item only).
/// The built-in screens give theirs (``Screen/semantics``); a program's screen overrides it,
/// and an attachment that covers a screen answers for it
/// (``ScreenAttachment/semantics(of:)``).
public struct Semantics: Hashable, Sendable {
  /// What kind of element a screen is, in the word a reader says.
  public struct Role: RawRepresentable, Hashable, Sendable {
    /// The word said, such as "list".
    public var rawValue: String
    /// A role said as `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Rows of which one is selected.
    public static let list = Role(rawValue: "list")
    /// One row of a list.
    public static let item = Role(rawValue: "item")
    /// Something a key or Enter presses.
    public static let button = Role(rawValue: "button")
    /// Text the user edits.
    public static let field = Role(rawValue: "field")
    /// Text to read.
    public static let text = Role(rawValue: "text")
    /// Work going on, such as a load.
    public static let progress = Role(rawValue: "progress")
    /// Something that went wrong, with the keys that answer it.
    public static let alert = Role(rawValue: "alert")
  }

  /// A state a reader says after the label.
  public struct State: RawRepresentable, Hashable, Sendable {
    /// The word said, such as "selected".
    public var rawValue: String
    /// A state said as `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The item is selected (said only where more than one can be).
    public static let selected = State(rawValue: "selected")
    /// A box that is ticked.
    public static let checked = State(rawValue: "checked")
    /// A box that is not ticked.
    public static let unchecked = State(rawValue: "not checked")
    /// Shown but not usable.
    public static let disabled = State(rawValue: "disabled")
    /// Still working.
    public static let busy = State(rawValue: "busy")
  }

  /// The selected item of a list, a menu or a set of choices.
  public struct Item: Hashable, Sendable {
    /// Its position, from 0.
    public var index: Int
    /// How many items there are.
    public var count: Int
    /// What it says: the words a move to it speaks, so keep them few (a title, not the
    /// row's date and length).
    public var label: String
    /// Its states, such as ``State/checked``.
    public var states: [State]
    /// More about it (a date, a length, a summary), said where the item is said whole (as a
    /// screen appears, or on request) and not on a move.
    public var detail: String?

    /// An item `label` at `index` of `count`, with `detail` said only when it is said whole.
    public init(
      index: Int, count: Int, label: String, states: [State] = [], detail: String? = nil
    ) {
      self.index = index
      self.count = count
      self.label = label
      self.states = states
      self.detail = detail
    }
  }

  /// What the screen is.
  public var role: Role
  /// What it is called or says (a list's title, a field's prompt, an error's message); empty
  /// to take the title of the nearest screen above that has one.
  public var label: String
  /// Its value, such as "35 items", the text of a field, or "40 %".
  public var value: String?
  /// Its states.
  public var states: [State]
  /// The item it has selected, for a list.
  public var item: Item?
  /// The keys that act on it now, such as `r retry` on an error.
  public var hints: [KeyHint]

  /// Semantics of a `role` element called `label`.
  public init(
    role: Role, label: String = "", value: String? = nil, states: [State] = [],
    item: Item? = nil, hints: [KeyHint] = []
  ) {
    self.role = role
    self.label = label
    self.value = value
    self.states = states
    self.item = item
    self.hints = hints
  }
}

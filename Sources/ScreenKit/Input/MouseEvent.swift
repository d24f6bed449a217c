/// A mouse report from the terminal: what happened, where, and with which modifier keys.
///
/// Positions are in cells from the top-left corner, starting at 0. The stage hands each screen
/// the event with ``position`` in that screen's own coordinates.
public struct MouseEvent: Hashable, Sendable {
  /// A mouse button.
  public enum Button: Hashable, Sendable {
    /// The left (primary) button.
    case left
    /// The middle button, or a pressed wheel.
    case middle
    /// The right button.
    case right
  }

  /// What the mouse did.
  public enum Action: Hashable, Sendable {
    /// A button went down.
    case press(Button)
    /// A button came up; `nil` when the terminal's encoding does not say which (X10).
    case release(Button?)
    /// The mouse moved with a button held.
    case drag(Button)
    /// The mouse moved with no button held (only when all motion is reported).
    case move
    /// The wheel turned by this many notches: negative is up (away from the user), positive
    /// is down.
    case wheel(Int)
  }

  /// The modifier keys held; terminals report Shift, Alt (Meta) and Control.
  public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt8
    /// Creates a set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = Modifiers(rawValue: 1)
    /// Alt, or Meta.
    public static let alt = Modifiers(rawValue: 2)
    /// Control.
    public static let control = Modifiers(rawValue: 4)
  }

  /// How many lines text and lists scroll for one notch of the wheel, as most terminal
  /// programs do.
  public static let linesPerWheelNotch = 3

  /// What happened.
  public var action: Action
  /// The cell under the mouse, 0-based.
  public var position: Point
  /// The modifier keys held.
  public var modifiers: Modifiers

  /// Creates a mouse event.
  public init(_ action: Action, at position: Point, modifiers: Modifiers = []) {
    self.action = action
    self.position = position
    self.modifiers = modifiers
  }

  /// Whether this is a press of the left button, which screens treat as a click.
  public var isClick: Bool { action == .press(.left) }

  /// The wheel notches turned, or `nil` when the wheel did not turn.
  public var wheelDelta: Int? {
    if case .wheel(let delta) = action { return delta }
    return nil
  }

  /// The event with its position moved by `dx`, `dy`.
  func offsetBy(dx: Int, dy: Int) -> MouseEvent {
    var event = self
    event.position = Point(x: position.x + dx, y: position.y + dy)
    return event
  }
}

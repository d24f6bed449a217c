public import ScreenKit

/// A configurable screen for tests: draws a line of text, counts its draws, records the keys it
/// gets, and can take focus.
@MainActor
public final class ProbeScreen: Screen {
  /// The text drawn on the first row.
  public var text: String {
    didSet { setNeedsDisplay() }
  }
  /// Whether the probe can take focus.
  public var focusable: Bool
  /// The keys the probe handles; others bubble to its parent.
  public var handledKeys: Set<Key>
  /// Every key the probe was offered, handled or not.
  public private(set) var receivedKeys: [Key] = []
  /// How many times `draw(in:)` ran.
  public private(set) var drawCount = 0

  /// Creates a probe named `name` that draws `text`.
  public init(
    _ name: String, text: String? = nil, focusable: Bool = false, handles keys: Set<Key> = []
  ) {
    self.text = text ?? name
    self.focusable = focusable
    self.handledKeys = keys
    super.init()
    self.name = name
  }

  /// Whether the probe can take focus.
  public override var canBecomeFocused: Bool { focusable }

  /// Draws ``text`` on the first row, with a `*` prefix while focused.
  public override func draw(in canvas: inout Canvas) {
    drawCount += 1
    var x = 0
    for character in (isFocused ? "*" : "") + text {
      x += canvas.put(character, at: Point(x: x, y: 0))
    }
  }

  /// Records the key and handles it when it is one of ``handledKeys``.
  public override func handle(_ key: Key) -> Bool {
    receivedKeys.append(key)
    return handledKeys.contains(key)
  }
}

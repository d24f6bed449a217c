/// A list of keys and what they do, one per row, shown in the help overlay.
///
/// ``Screen/presentHelp()`` fills it with the key hints in scope of the focused screen (see
/// ``Screen/keyHintsInScope``); it scrolls with ↑/↓, j/k, PgUp/PgDn, Home/End when the list
/// is taller than the box.
@MainActor
public final class HelpScreen: Screen {
  /// The hints listed, in order.
  public let hints: [KeyHint]
  /// The index of the first visible hint.
  public private(set) var scrollOffset = 0

  /// Creates a help list for `hints`.
  public init(hints: [KeyHint]) {
    self.hints = hints
    super.init()
    self.title = "Help"
  }

  /// The size that shows every hint without truncation: the key column, two spaces and the
  /// widest action, by one row per hint.
  public var preferredContentSize: Size {
    guard !hints.isEmpty else { return Size(width: Self.emptyMessage.cellWidth, height: 1) }
    let actionWidth = hints.map(\.action.cellWidth).max() ?? 0
    return Size(width: keyColumnWidth + 2 + actionWidth, height: hints.count)
  }

  /// The message shown when there are no hints.
  static let emptyMessage = "No keys to show"

  private var keyColumnWidth: Int {
    hints.map(\.key.cellWidth).max() ?? 0
  }

  /// Help takes focus so that scrolling keys reach it.
  public override var canBecomeFocused: Bool { true }

  /// The keys as a list, each item a key and what it does.
  public override var semantics: Semantics? {
    guard !hints.isEmpty else { return Semantics(role: .text, value: Self.emptyMessage) }
    let index = min(scrollOffset, hints.count - 1)
    return Semantics(
      role: .list, label: "Help", value: "\(hints.count) keys",
      item: Semantics.Item(
        index: index, count: hints.count, label: "\(hints[index].key): \(hints[index].action)"))
  }

  /// Draws the key column in bold and the actions beside it.
  public override func draw(in canvas: inout Canvas) {
    guard !hints.isEmpty else {
      canvas.drawText(Self.emptyMessage, in: bounds, style: .dim)
      return
    }
    let keyWidth = min(keyColumnWidth, max(0, bounds.width - 3))
    for y in 0..<bounds.height {
      let index = scrollOffset + y
      guard index < hints.count else { break }
      let hint = hints[index]
      canvas.drawText(
        hint.key, in: Rect(x: 0, y: y, width: keyWidth, height: 1), style: .bold)
      canvas.drawText(
        hint.action,
        in: Rect(x: keyWidth + 2, y: y, width: bounds.width - keyWidth - 2, height: 1))
    }
  }

  /// Clamps the scroll position to the new height.
  public override func layoutChildren() {
    super.layoutChildren()
    scroll(to: scrollOffset)
  }

  /// Scrolls with the arrows, j/k, the page keys, Home and End.
  public override func handle(_ key: Key) -> Bool {
    guard
      let target = ScrollKeys.target(
        of: key, from: scrollOffset, page: bounds.height, end: hints.count)
    else { return false }
    scroll(to: target)
    return true
  }

  private func scroll(to offset: Int) {
    let clamped = min(max(0, offset), max(0, hints.count - bounds.height))
    guard clamped != scrollOffset else { return }
    scrollOffset = clamped
    setNeedsDisplay()
  }
}

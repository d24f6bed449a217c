/// Scrollable text wrapped to the screen's width, for details and file previews.
///
/// Paragraphs are separated by line breaks and wrapped again whenever the width changes.
/// ↑/↓ and j/k scroll by a line, PgUp/PgDn by a page, Home/End to the ends. When the text is
/// taller than the screen, the last column shows a scroll bar whose thumb marks the position.
@MainActor
public final class TextScreen: Screen {
  /// The text shown; line breaks start new paragraphs.
  public var text: String {
    didSet {
      guard text != oldValue else { return }
      rewrap(force: true)
      setNeedsDisplay()
    }
  }
  /// The wrapped lines for the current width.
  public private(set) var lines: [String] = []
  /// The index of the line drawn on the first row.
  public private(set) var scrollOffset = 0

  private var wrapWidth = 0

  /// Creates a text screen; it wraps once it has a size.
  public init(text: String, title: String = "") {
    self.text = text
    super.init()
    self.title = title
    self.keyHints = [KeyHint("↑↓", "scroll")]
  }

  /// Text screens take focus so that scrolling keys reach them.
  public override var canBecomeFocused: Bool { true }

  /// Text under its title, the first line in view its item: scrolling says the new line.
  public override var semantics: Semantics? {
    guard !lines.isEmpty else { return Semantics(role: .text, value: text) }
    let index = min(scrollOffset, lines.count - 1)
    return Semantics(
      role: .text, item: Semantics.Item(index: index, count: lines.count, label: lines[index]))
  }

  /// Whether some lines are out of view.
  public var isScrollable: Bool { lines.count > bounds.height }

  /// Scrolls so that line `offset` is on the first row, clamped so the last page is full.
  public func scroll(to offset: Int) {
    let clamped = min(max(0, offset), max(0, lines.count - bounds.height))
    guard clamped != scrollOffset else { return }
    scrollOffset = clamped
    setNeedsDisplay()
  }

  // MARK: Screen

  /// Scrolls ``MouseEvent/linesPerWheelNotch`` lines for each notch of the wheel.
  public override func handleMouse(_ event: MouseEvent) -> Bool {
    guard let delta = event.wheelDelta else { return false }
    scroll(to: scrollOffset + delta * MouseEvent.linesPerWheelNotch)
    return true
  }

  /// Wraps the text again for the new width.
  public override func layoutChildren() {
    super.layoutChildren()
    rewrap(force: false)
  }

  /// Draws the visible lines and, when the text overflows, the scroll bar.
  public override func draw(in canvas: inout Canvas) {
    let height = bounds.height
    for y in 0..<height {
      let index = scrollOffset + y
      guard index < lines.count else { break }
      canvas.drawText(lines[index], at: Point(x: 0, y: y), maxWidth: wrapWidth)
    }
    guard isScrollable, height > 0, bounds.width > 1 else { return }
    let x = bounds.width - 1
    let thumb = scrollThumb(height: height)
    for y in 0..<height {
      if thumb.contains(y) {
        canvas.put("█", at: Point(x: x, y: y))
      } else {
        canvas.put("│", at: Point(x: x, y: y), style: .dim)
      }
    }
  }

  /// Scrolls with the arrows, j/k, the page keys, Home and End.
  public override func handle(_ key: Key) -> Bool {
    guard
      let target = ScrollKeys.target(
        of: key, from: scrollOffset, page: bounds.height, end: lines.count)
    else { return false }
    scroll(to: target)
    return true
  }

  // MARK: Wrapping

  private func rewrap(force: Bool) {
    // NB: one column stays free for the scroll bar, so wrapping never depends on whether the
    // text overflows (which would itself depend on the wrapping).
    let width = bounds.width > 1 ? bounds.width - 1 : bounds.width
    guard force || width != wrapWidth else {
      scroll(to: scrollOffset)
      return
    }
    // Keep the first visible line's share of the text, so a resize keeps the reader's place.
    let fraction = lines.isEmpty ? 0 : Double(scrollOffset) / Double(lines.count)
    wrapWidth = width
    lines = text.wrapped(toWidth: width)
    let offset = Int((fraction * Double(lines.count)).rounded(.down))
    scrollOffset = min(max(0, offset), max(0, lines.count - bounds.height))
  }

  /// The rows of the scroll bar the thumb covers.
  private func scrollThumb(height: Int) -> Range<Int> {
    let size = max(1, height * height / max(1, lines.count))
    let maxOffset = max(1, lines.count - height)
    let start = (height - size) * scrollOffset / maxOffset
    return start..<(start + size)
  }
}

/// Two or more panes side by side or stacked, with a one-cell divider between them and a
/// header row per pane showing its title, highlighted on the pane that holds focus.
///
/// It is a ``FocusScope/children`` scope: Tab and Shift-Tab move focus to the next or
/// previous pane (to the screen that had focus there before, or to its first focusable
/// screen); past the last pane the scope around it takes over, and a root split wraps around.
///
/// ```swift
/// let split = SplitScreen(axis: .horizontal, panes: [controllerVariant, protocolVariant])
/// ```
@MainActor
public final class SplitScreen: Screen {
  /// How panes are arranged.
  public enum Axis: Hashable, Sendable {
    /// Side by side, left to right, divided by `│`.
    case horizontal
    /// Stacked, top to bottom, divided by `─`.
    case vertical
  }

  /// How the panes are arranged.
  public var axis: Axis {
    didSet { layoutDidChange() }
  }
  /// The panes, in order; they are this screen's children (overlays aside).
  public private(set) var panes: [Screen]
  /// The size of each pane along the axis; missing entries are `.fill`.
  public var lengths: [LayoutLength] {
    didSet { layoutDidChange() }
  }
  /// Whether each pane gets a header row with its title.
  public var showsPaneTitles: Bool {
    didSet { layoutDidChange() }
  }

  /// Creates a split of `panes`, sized by `lengths` (equal shares by default).
  public init(
    axis: Axis = .horizontal, panes: [Screen], lengths: [LayoutLength] = [],
    showsPaneTitles: Bool = true
  ) {
    self.axis = axis
    self.panes = panes
    self.lengths = lengths
    self.showsPaneTitles = showsPaneTitles
    super.init()
    for pane in panes { addChild(pane) }
  }

  /// Adds a pane at the end.
  public func addPane(_ pane: Screen, length: LayoutLength = .fill) {
    while lengths.count < panes.count { lengths.append(.fill) }
    panes.append(pane)
    lengths.append(length)
    // NB: panes go below any presented overlay, which must stay the last child.
    insertChild(pane, at: panes.count - 1)
  }

  /// Tab moves from pane to pane.
  public override var focusScope: FocusScope { .children }

  /// The index of the pane that holds the stage's focus, if any.
  public var focusedPaneIndex: Int? {
    guard let focused = stage?.focusedScreen else { return nil }
    return panes.firstIndex { focused.isDescendant(of: $0) }
  }

  /// Focuses the pane at `index`: the screen that last had focus there, or its first
  /// focusable screen; returns whether the pane could take focus.
  @discardableResult
  public func focusPane(at index: Int) -> Bool {
    guard panes.indices.contains(index) else { return false }
    let pane = panes[index]
    return pane.focusFirstCandidate(preferring: pane.lastFocusInSubtree)
  }

  // MARK: Layout and drawing

  /// The area of each pane including its header row.
  private var slots: [Rect] {
    let sizes = panes.indices.map { $0 < lengths.count ? lengths[$0] : .fill }
    switch axis {
    case .horizontal: return contentRect.columns(sizes, spacing: 1)
    case .vertical: return contentRect.rows(sizes, spacing: 1)
    }
  }

  private func header(of slot: Rect) -> Rect? {
    guard showsPaneTitles, slot.height >= 2 else { return nil }
    return slot.dividedAtTop(1).top
  }

  /// Gives each pane its slot below its header; overlays place themselves.
  public override func layoutChildren() {
    for (pane, slot) in zip(panes, slots) {
      pane.frame = header(of: slot) == nil ? slot : slot.dividedAtTop(1).rest
    }
  }

  /// Draws the dividers and the pane headers.
  public override func draw(in canvas: inout Canvas) {
    let slots = self.slots
    let focusedPane = focusedPaneIndex
    for (index, slot) in slots.enumerated() {
      if let header = header(of: slot) {
        let style: Style = index == focusedPane ? Style.reverse.adding(.bold) : .dim
        canvas.fill(header, with: .blank(style))
        canvas.drawText(
          panes[index].title,
          in: Rect(x: header.minX + 1, y: header.minY, width: header.width - 2, height: 1),
          style: style)
      }
      guard index + 1 < slots.count else { continue }
      switch axis {
      case .horizontal:
        for y in slot.minY..<slot.maxY { canvas.put("│", at: Point(x: slot.maxX, y: y)) }
      case .vertical:
        canvas.drawText(
          String(repeating: "─", count: slot.width), at: Point(x: slot.minX, y: slot.maxY))
      }
    }
  }

  // MARK: Events

  /// Focuses the pane whose header (or divider-bounded slot) was pressed.
  ///
  /// A press inside a pane has already focused what is under it; this answers presses on
  /// the pane's own header row, which belongs to the split screen.
  public override func handleMouse(_ event: MouseEvent) -> Bool {
    guard case .press = event.action,
      let index = slots.firstIndex(where: { $0.contains(event.position) })
    else { return false }
    focusPane(at: index)
    return true
  }

  /// Redraws the headers: a pane's title, or where focus is, may have changed.
  public override func descendantChromeDidChange(_ descendant: Screen) {
    redrawHeaders()
  }

  /// Redraws the pane headers, which highlight the pane holding focus.
  public override func descendantFocusDidChange() {
    redrawHeaders()
  }

  private func redrawHeaders() {
    for slot in slots {
      if let header = header(of: slot) { setNeedsDisplay(in: header) }
    }
  }

  private func layoutDidChange() {
    setNeedsLayout()
    setNeedsDisplay()
  }
}

import ScreenKit
import ScreenKitLoading

/// One side of the comparison: a loading variant on top, and below it what that variant is
/// doing right now: its screen hierarchy (a tree and a node count), its `LoadState`, and
/// how long its last load took from request to result on the main actor.
///
/// The readout is redrawn whenever the variant's state, chrome or hierarchy changes; the owner
/// reports those through ``stateDidChange(_:)`` and ``hierarchyDidChange()``.
final class HierarchyPane: Screen {
  /// The screen whose loading is watched: a `LoadingController` or a `Loading` screen.
  let variant: Screen
  private let paneTitle: String
  private var state = "idle"
  private var loadStartedAt: Duration?
  private var lastLoadTime: Duration?
  private var loads = 0

  /// The rows the readout takes: a rule, four tree rows, state and load time.
  static let readoutHeight = 7

  /// Creates a pane titled `title` around `variant`.
  init(title: String, variant: Screen) {
    self.variant = variant
    self.paneTitle = title
    super.init()
    name = "HierarchyPane"
    addChild(variant)
  }

  /// The variant's name, shown in the split's pane header.
  override var title: String {
    get { paneTitle }
    set { super.title = newValue }
  }

  /// Records a state change, timing loads from `loading`/`refreshing` to the result.
  func stateDidChange<Value>(_ newState: LoadState<Value>) {
    let now = stage?.scheduler.clock.now
    switch newState {
    case .loading, .refreshing:
      loadStartedAt = now
      loads += 1
    case .loaded, .failed:
      if let start = loadStartedAt, let now { lastLoadTime = now - start }
      loadStartedAt = nil
    case .idle:
      loadStartedAt = nil
    }
    state = newState.description
    hierarchyDidChange()
  }

  /// Redraws the readout: a screen was added to or removed from the variant.
  func hierarchyDidChange() {
    setNeedsDisplay(in: readoutRect)
  }

  /// The variant's title or hints changed, which happens when it mounts or drops a screen.
  override func descendantChromeDidChange(_ descendant: Screen) {
    hierarchyDidChange()
  }

  /// Focus marks show in the tree.
  override func descendantFocusDidChange() {
    hierarchyDidChange()
  }

  // MARK: Layout and drawing

  private var readoutRect: Rect {
    bounds.dividedAtBottom(min(Self.readoutHeight, max(0, bounds.height - 3))).bottom
  }

  /// The variant gets everything above the readout.
  override func layoutChildren() {
    variant.frame = bounds.dividedAtBottom(readoutRect.height).rest
  }

  /// Draws the rule with the node count, the tree, the state and the load time.
  override func draw(in canvas: inout Canvas) {
    let area = readoutRect
    guard area.height > 0 else { return }
    let width = area.width
    let count = variant.subtreeCount
    let rule = "─ hierarchy: \(count) \(count == 1 ? "node" : "nodes") "
    canvas.drawText(
      rule.padded(toWidth: width).replacingTrailingSpaces(with: "─"),
      in: Rect(x: 0, y: area.minY, width: width, height: 1), style: .dim)
    var y = area.minY + 1
    let treeRows = max(0, area.height - 3)
    let tree = treeLines(variant, prefix: "", isLast: true, isRoot: true)
    for (index, line) in tree.prefix(treeRows).enumerated() {
      let text =
        index == treeRows - 1 && tree.count > treeRows ? "… \(tree.count - index) more" : line
      canvas.drawText(text, in: Rect(x: 1, y: y, width: width - 2, height: 1))
      y += 1
    }
    y = area.maxY - 2
    guard y > area.minY else { return }
    drawField("state", state, style: stateStyle, row: y, in: &canvas)
    let time: String
    if loadStartedAt != nil {
      time = "running…"
    } else if let lastLoadTime {
      time = "\(Self.milliseconds(lastLoadTime)) ms (load \(loads), request to result)"
    } else {
      time = "–"
    }
    drawField("load", time, style: .plain, row: y + 1, in: &canvas)
  }

  private var stateStyle: Style {
    switch state {
    case "loaded": Style(foreground: .green, attributes: .bold)
    case "loading", "refreshing": Style(foreground: .yellow, attributes: .bold)
    case "idle": .dim
    default: Style(foreground: .red, attributes: .bold)
    }
  }

  private func drawField(
    _ label: String, _ value: String, style: Style, row: Int, in canvas: inout Canvas
  ) {
    canvas.drawText(label, at: Point(x: 1, y: row), style: .dim)
    canvas.drawText(
      value, in: Rect(x: 8, y: row, width: max(0, bounds.width - 9), height: 1), style: style)
  }

  /// `name WxH` per screen, with box-drawing branches, parents first.
  private func treeLines(_ screen: Screen, prefix: String, isLast: Bool, isRoot: Bool) -> [String] {
    let branch = isRoot ? "" : (isLast ? "└─ " : "├─ ")
    var line = "\(prefix)\(branch)\(screen.name) \(screen.frame.size)"
    if screen.isFocused { line += " ◆focus" }
    var lines = [line]
    let childPrefix = isRoot ? "" : prefix + (isLast ? "   " : "│  ")
    for (index, child) in screen.children.enumerated() {
      lines += treeLines(
        child, prefix: childPrefix, isLast: index == screen.children.count - 1, isRoot: false)
    }
    return lines
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    Int(duration.saturatingCount(of: .milliseconds(1)))
  }
}

extension String {
  /// The string with its trailing spaces replaced by `fill`, for rules such as `─ title ───`.
  fileprivate func replacingTrailingSpaces(with fill: Character) -> String {
    let trimmed = self.reversed().drop { $0 == " " }.reversed()
    let count = self.count - trimmed.count
    // Keep one space after the text so the rule does not touch it.
    guard count > 1 else { return self }
    return String(trimmed) + " " + String(repeating: fill, count: count - 1)
  }
}

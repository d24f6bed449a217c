import ScreenKit
import ScreenKitLoading

/// A spinner beside 10, 1,000 and 100,000 other mounted screens: a spinner frame's cost.
///
/// Two shapes: a tree (fan-out 10, tiles splitting their parent's area)
/// in the pane next to the spinner, and the worst case for a renderer, every screen a sibling
/// of the spinner in one container, drawn after (over) it.
struct ScreenCountScenario: Scenario {
  let name = "screens"

  /// How the other screens hang together.
  enum Shape: String, CaseIterable {
    /// A tree of fan-out 10 in the pane beside the spinner.
    case tree
    /// Every screen a sibling of the spinner, in the same container, after it.
    case siblings
  }

  func run(_ settings: RunSettings) async -> [Figure] {
    let frames = settings.count(full: 1000, quick: 20)
    var figures: [Figure] = []
    for shape in Shape.allCases {
      var costs: [Double] = []
      for count in [10, 1_000, 100_000] {
        let root = ScreenCountScenario.makeHierarchy(shape: shape, count: count)
        let rig: TerminalRig
        do {
          rig = try TerminalRig(root: root, size: Size(width: 80, height: 24))
        } catch {
          figures.append(
            .notMeasured(name, "spinner frame, \(count) screens", unit: "ms", reason: "\(error)"))
          continue
        }
        _ = rig.measureFrames(10)
        let run = rig.measureFrames(frames)
        let mounted = rig.stage.root.subtree.count
        rig.close()
        costs.append(run.cpuPerFrame)
        figures.append(
          Figure(
            name, "spinner frame CPU, \(shape.rawValue), \(count) screens", value: run.cpuPerFrame,
            unit: "ms",
            note: "\(mounted) mounted; \(format(run.drawsPerFrame)) draw, "
              + "\(format(run.bytesPerFrame)) B per frame"))
      }
      if let first = costs.first, let last = costs.last, costs.count == 3 {
        // Flat: 100,000 screens cost no more than 10 beyond noise (25 % or 10 µs).
        let flat = last <= max(first * 1.25, first + 0.01)
        figures.append(
          Figure(
            name, "spinner frame, \(shape.rawValue): 100,000 vs 10 screens",
            value: last / first, unit: "×", target: "flat (≈ 1)", verdict: flat ? .met : .missed,
            note: shape == .tree
              ? "only the spinner's subtree and its ancestors' later siblings are visited"
              : "every screen a later sibling of the spinner; one cached bounds check skips "
                + "those lying elsewhere"))
      }
    }
    return figures
  }

  /// A root with a spinner and `count` other screens arranged in `shape`.
  @MainActor
  static func makeHierarchy(shape: Shape, count: Int) -> Screen {
    let root = PaneScreen()
    let spinner = SpinnerScreen()
    switch shape {
    case .tree:
      let forest = TileScreen(depth: 0)
      root.panes = [spinner, forest]
      var queue = [forest]
      var made = 1
      var next = 0
      while made < count {
        let parent = queue[next]
        next += 1
        for _ in 0..<10 where made < count {
          let child = TileScreen(depth: parent.depth + 1)
          parent.addChild(child)
          queue.append(child)
          made += 1
        }
      }
      root.addChild(spinner)
      root.addChild(forest)
    case .siblings:
      let container = TileScreen(depth: 0)
      container.addChild(spinner)
      for _ in 1..<count { container.addChild(TileScreen(depth: 1)) }
      container.spinner = spinner
      root.panes = [container]
      root.addChild(container)
    }
    return root
  }
}

/// Lays its panes side by side: the first 30 columns wide, the second the rest.
final class PaneScreen: Screen {
  /// The panes, in order.
  var panes: [Screen] = []

  override func layoutChildren() {
    guard panes.count == 2 else {
      for pane in panes { pane.frame = bounds }
      return
    }
    let split = min(30, bounds.width)
    panes[0].frame = Rect(x: 0, y: 0, width: split, height: bounds.height)
    panes[1].frame = Rect(x: split, y: 0, width: bounds.width - split, height: bounds.height)
  }
}

/// A tile that splits its area among its children, across at even depths and down at odd
/// ones, and draws a dot; deep tiles end up a cell wide or empty, as in any dense hierarchy.
final class TileScreen: Screen {
  /// The tile's depth in the tree.
  let depth: Int
  /// A spinner among the children that keeps a fixed place at the top-left.
  var spinner: Screen?

  /// Creates a tile at `depth`.
  init(depth: Int) {
    self.depth = depth
    super.init()
  }

  override func layoutChildren() {
    let tiles = children.filter { $0 !== spinner }
    spinner?.frame = Rect(x: 0, y: 0, width: min(20, bounds.width), height: min(3, bounds.height))
    guard !tiles.isEmpty else { return }
    let across = depth % 2 == 0
    let extent = across ? bounds.width : bounds.height
    for (index, tile) in tiles.enumerated() {
      let start = extent * index / tiles.count
      let end = extent * (index + 1) / tiles.count
      // NB: siblings beyond the extent share its last cell rather than vanish.
      let low = min(start, max(0, extent - 1))
      let length = max(end - start, extent > 0 ? 1 : 0)
      tile.frame =
        across
        ? Rect(x: low, y: spinner == nil ? 0 : 3, width: length, height: max(0, bounds.height - 3))
        : Rect(x: 0, y: low, width: bounds.width, height: length)
    }
  }

  override func draw(in canvas: inout Canvas) {
    canvas.put("·", at: .zero, style: .dim)
  }
}

extension Stage {
  /// Redraws what is dirty into ``canvas`` and returns the cells that changed since the last
  /// frame, for the host to write to its output.
  ///
  /// Rendering never moves focus: a host calls ``update()`` first, which lays out and resolves
  /// focus. Layout still pending is run here, so a frame never shows stale frames.
  ///
  /// Screens are opaque over their frames: a dirty screen's area is cleared and drawn again
  /// with its descendants and any screen drawn above it there; ancestors are not redrawn.
  /// Invalidations since the last frame are coalesced into this one.
  @discardableResult
  public func render() -> FrameChanges {
    let redrawn = redraw()
    guard isMounted else { return FrameChanges() }
    return differ.changes(in: canvas.grid, redrawn: redrawn)
  }

  /// Draws what is dirty into ``canvas``; returns the stage rectangles that were drawn again.
  private func redraw() -> [Rect] {
    layoutIfNeeded()
    needsRender = false
    lastRenderDrawCount = 0
    guard isMounted else {
      dirty.removeAll()
      return []
    }
    if needsFullRedraw {
      needsFullRedraw = false
      dirty.removeAll()
      canvas.resetGrid(to: size)
      paint(from: root, clip: bounds)
      return [bounds]
    }
    let entries = dirty
    dirty.removeAll()
    var painted: [(screen: Screen, rect: Rect)] = []
    for (screen, localRect) in entries where screen.stage === self {
      let frame = screen.absoluteFrame
      let visible = localRect.offsetBy(dx: frame.minX, dy: frame.minY)
        .intersection(screen.visibleRect)
      guard !visible.isEmpty else { continue }
      // NB: a canvas blanks the other half of a wide character it overwrites, even outside
      // its clip; widened, the redraw draws such characters whole and the damage covers all.
      let rect = canvas.grid.wideningToWholeCharacters(visible)
      if painted.contains(where: { $0.rect.contains(rect) && screen.isDescendant(of: $0.screen) }) {
        continue
      }
      paint(from: screen, clip: rect)
      painted.append((screen, rect))
    }
    return painted.map(\.rect)
  }

  /// Draws `screen` and its subtree clipped to `clip`, then everything drawn above it there.
  private func paint(from screen: Screen, clip: Rect) {
    let parentOrigin = screen.parent?.absoluteFrame.origin ?? .zero
    drawSubtree(screen, parentOrigin: parentOrigin, clip: clip)
    var node = screen
    while let parent = node.parent {
      let origin = parent.absoluteFrame.origin
      if let index = parent.index(ofChild: node),
        // Later siblings that lie elsewhere cannot cover the dirty area: skip scanning them.
        parent.boundsOfChildren(from: index + 1).offsetBy(dx: origin.x, dy: origin.y)
          .intersects(clip)
      {
        for sibling in parent.children[(index + 1)...] {
          drawSubtree(sibling, parentOrigin: origin, clip: clip)
        }
      }
      node = parent
    }
  }

  private func drawSubtree(_ screen: Screen, parentOrigin: Point, clip: Rect) {
    let frame = screen.frame.offsetBy(dx: parentOrigin.x, dy: parentOrigin.y)
    let visible = frame.intersection(clip)
    guard !visible.isEmpty else { return }
    canvas.restrict(to: frame, clip: visible)
    canvas.clear()
    screen.drawLayer(in: &canvas)
    lastRenderDrawCount += 1
    for child in screen.children {
      drawSubtree(child, parentOrigin: frame.origin, clip: visible)
    }
  }
}

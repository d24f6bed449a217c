extension Stage {
  /// Runs one frame and returns the cells of ``canvas``'s grid that changed since the last, for
  /// the host to write to its output (all of them after a resize or ``invalidateOutput()``).
  ///
  /// A frame is a one-way pipeline, each step once: input and timers changed state before it;
  /// then focus is resolved (the first focusable screen gets it when the focused one left the
  /// stage); every pending ``Screen/layoutChildren()`` runs, parents before children, those
  /// a focus change asked for among them; the dirty screens are drawn into the canvas; the
  /// canvas is diffed against the last frame; the focused screen's cursor and focus point are
  /// read (``FrameChanges/cursor``, ``FrameChanges/focus``).
  ///
  /// Screens are opaque over their frames: a dirty screen's area is cleared and drawn again
  /// with its descendants and any screen drawn above it there; ancestors are not redrawn. A
  /// screen whose child covers all of what is redrawn of it is not drawn, nor are the
  /// children before that one: the covering child would overwrite them.
  /// Invalidations since the last frame are coalesced into this one.
  @discardableResult
  public func frame() -> FrameChanges {
    resolvePendingFocus()
    layoutIfNeeded()
    // NB: read before the redraw, which clears it.
    let focusMayMove = focusNeedsUpdate || needsFullRedraw
    let redrawn = redraw()
    guard isMounted else { return FrameChanges() }
    var changes = differ.changes(in: canvas.grid, redrawn: redrawn)
    changes.cursor = visibleCursor()
    changes.focus = changes.cursor ?? focusPoint(mayHaveMoved: focusMayMove)
    return changes
  }

  /// The focused screen's focus point in this frame: the last frame's, unless it may have
  /// moved.
  ///
  /// NB: a spinner frame redraws the spinner alone, which the focused screen (its loading
  /// container) shows: reading the focus point again there costs more than the frame budget
  /// has to spare (1,439 instructions of the 91,700).
  private func focusPoint(mayHaveMoved: Bool) -> Point? {
    guard let identity = focusedIdentity else {
      lastFocus = nil
      return nil
    }
    if !mayHaveMoved, let last = lastFocus, last.screen == identity { return last.point }
    focusNeedsUpdate = false
    let point = focusedScreen.flatMap(visibleFocus(of:))
    lastFocus = (identity, point)
    return point
  }

  /// The focused screen's focus point in stage coordinates, or its visible top-left cell
  /// where the point is not shown; `nil` with nothing focused.
  ///
  /// NB: no hit test, unlike the cursor's: a focused screen is under no modal screen.
  private func visibleFocus(of screen: Screen) -> Point? {
    guard screen.isVisible else { return nil }
    let visible = screen.visibleRect
    guard !visible.isEmpty else { return nil }
    let origin = screen.absoluteFrame.origin
    if let local = screen.resolvedFocusPoint {
      let point = Point(x: origin.x + local.x, y: origin.y + local.y)
      if visible.contains(point) { return point }
    }
    return visible.origin
  }

  /// The focused screen's cursor in stage coordinates, where the frame shows that screen's own
  /// cell: inside what ancestors leave of it, and under no other screen.
  private func visibleCursor() -> Point? {
    guard let screen = focusedScreen, let local = screen.cursorPosition, screen.isVisible
    else { return nil }
    let origin = screen.absoluteFrame.origin
    let point = Point(x: origin.x + local.x, y: origin.y + local.y)
    guard screen.visibleRect.contains(point), root.hitTest(point) === screen else { return nil }
    return point
  }

  /// Draws what is dirty into ``canvas``; returns the stage rectangles that were drawn again.
  private func redraw() -> [Rect] {
    needsFrame = false
    lastFrameDrawCount = 0
    guard isMounted else {
      dirty.removeAll()
      return []
    }
    if needsFullRedraw {
      needsFullRedraw = false
      dirty.removeAll()
      canvas.resetGrid(to: size)
      paint(from: root, reach: root.visibleRect, clip: bounds)
      return [bounds]
    }
    // NB: the lists are kept from frame to frame (the dirty ones trade places), so a frame
    // allocates none of them; an invalidation made while drawing goes to the next frame.
    swap(&dirty, &drawing)
    redrawn.removeAll(keepingCapacity: true)
    for index in drawing.indices {
      let (screen, localRect) = drawing[index]
      guard screen.stage === self else { continue }
      let frame = screen.absoluteFrame
      let reach = screen.visibleRect
      let visible = localRect.offsetBy(dx: frame.minX, dy: frame.minY).intersection(reach)
      guard !visible.isEmpty else { continue }
      // NB: a canvas blanks the other half of a wide character it overwrites, even outside
      // its clip; widened, the redraw draws such characters whole and the damage covers all.
      let rect = canvas.grid.wideningToWholeCharacters(visible)
      if painted.contains(where: { $0.rect.contains(rect) && screen.isDescendant(of: $0.screen) }) {
        continue
      }
      canvas.cutByRedraw = nil
      paint(from: screen, reach: reach, clip: rect)
      if let cut = canvas.cutByRedraw, !rect.contains(cut) {
        painted.append((root, redrawFromRoot(rect, holding: cut)))
      } else {
        painted.append((screen, rect))
      }
    }
    // NB: emptied now, not at the next frame: they must not keep removed screens alive.
    drawing.removeAll(keepingCapacity: true)
    for entry in painted { redrawn.append(entry.rect) }
    painted.removeAll(keepingCapacity: true)
    return redrawn
  }

  /// Redraws from the root an area grown from `rect` until it holds whole every wide character
  /// the new frame draws across its edges (`cut`, the first); returns that area.
  ///
  /// Such a character came out of the narrower redraw as blanks, where a full frame draws it.
  /// Each round widens the area, so this ends.
  private func redrawFromRoot(_ rect: Rect, holding cut: Rect) -> Rect {
    var rect = rect
    var cut = cut
    while true {
      rect = canvas.grid.wideningToWholeCharacters(rect.union(cut).intersection(bounds))
      canvas.cutByRedraw = nil
      paint(from: root, reach: root.visibleRect, clip: rect)
      guard let next = canvas.cutByRedraw, !rect.contains(next) else { return rect }
      cut = next
    }
  }

  /// Draws `screen` and its subtree clipped to `clip`, then everything drawn above it there.
  ///
  /// `reach` is the screen's ``Screen/visibleRect``, which the caller knows.
  private func paint(from screen: Screen, reach: Rect, clip: Rect) {
    let parentOrigin = screen.parent?.absoluteFrame.origin ?? .zero
    drawSubtree(screen, parentOrigin: parentOrigin, reach: reach, clip: clip)
    var node = screen
    while let parent = node.parent {
      let origin = parent.absoluteFrame.origin
      if let index = parent.index(ofChild: node),
        // Later siblings that lie elsewhere cannot cover the dirty area: skip scanning them.
        parent.boundsOfChildren(from: index + 1).offsetBy(dx: origin.x, dy: origin.y)
          .intersects(clip)
      {
        let reach = parent.visibleRect
        for sibling in parent.children[(index + 1)...] {
          drawSubtree(sibling, parentOrigin: origin, reach: reach, clip: clip)
        }
      }
      node = parent
    }
  }

  /// Draws `screen` and its subtree where they meet `clip`; `reach` is the part of the grid
  /// the parent reaches in a full frame, which tells the canvas the screen's own edges from
  /// the edges of what is redrawn.
  private func drawSubtree(_ screen: Screen, parentOrigin: Point, reach: Rect, clip: Rect) {
    let frame = screen.frame.offsetBy(dx: parentOrigin.x, dy: parentOrigin.y)
    let reach = frame.intersection(reach)
    let visible = reach.intersection(clip)
    guard !visible.isEmpty else { return }
    // Screens are opaque: a child whose frame holds all that is redrawn here clears and
    // covers it, so this screen and the children before that one would draw only to be
    // overwritten (a container's loaded child would have its 12,000 cells cleared twice at
    // 200x60).
    let children = screen.children
    var covering: Int?
    for index in children.indices.reversed()
    where children[index].frame.offsetBy(dx: frame.minX, dy: frame.minY).contains(visible) {
      covering = index
      break
    }
    if covering == nil {
      canvas.restrict(to: frame, clip: visible, reach: reach)
      canvas.clear()
      screen.drawLayer(in: &canvas)
      lastFrameDrawCount += 1
    }
    for index in (covering ?? children.startIndex)..<children.endIndex {
      drawSubtree(children[index], parentOrigin: frame.origin, reach: reach, clip: clip)
    }
  }
}

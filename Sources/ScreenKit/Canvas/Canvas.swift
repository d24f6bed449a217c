/// The region of a cell grid that one screen draws into, in the screen's own coordinates.
///
/// A canvas translates the screen's coordinates (its top-left cell is `(0, 0)`) to the grid
/// and drops every write outside its clip rectangle, so a screen cannot draw over its
/// neighbours. Writes keep wide graphemes whole: a wide grapheme that would cross the clip
/// edge is drawn as blanks, and overwriting either half of a wide grapheme blanks the other.
public struct Canvas: Sendable {
  /// The grid being drawn, in absolute coordinates.
  public internal(set) var grid: CellGrid
  /// Where the drawing screen's top-left cell sits in the grid.
  public internal(set) var origin: Point
  /// The drawing screen's extent.
  public internal(set) var size: Size
  /// The grid cells writes may touch, in absolute coordinates.
  public internal(set) var clip: Rect
  /// The cells the drawing screen reaches in a full frame (its frame within its ancestors'
  /// and any region it narrowed to), in absolute coordinates: `clip` is this within what is
  /// being redrawn.
  package var reach: Rect
  /// The wide graphemes drawn as blanks only because half of them lay outside what is being
  /// redrawn, as one rectangle: the renderer redraws a wider area to draw them whole.
  package var cutByRedraw: Rect?

  /// Creates a canvas over a fresh grid of `size`, drawable everywhere.
  public init(size: Size) {
    self.grid = CellGrid(size: size)
    self.origin = .zero
    self.size = size
    self.clip = Rect(size: size)
    self.reach = Rect(size: size)
  }

  /// The drawable area in local coordinates: `(0, 0)` and the screen's size.
  public var bounds: Rect { Rect(size: size) }

  /// The part of `bounds` that writes can reach, in local coordinates.
  public var visibleBounds: Rect {
    clip.offsetBy(dx: -origin.x, dy: -origin.y).intersection(bounds)
  }

  /// The cell at a local point, or `nil` outside the grid.
  public subscript(point: Point) -> Cell? {
    let absolute = point.offsetBy(dx: origin.x, dy: origin.y)
    return grid.bounds.contains(absolute) ? grid[absolute] : nil
  }

  /// Draws one grapheme at a local point and returns the columns it advanced (0, 1 or 2).
  ///
  /// Tabs and control characters never reach the grid: a tab draws a space and a control
  /// character draws U+FFFD. Zero-width graphemes draw nothing.
  @discardableResult
  public mutating func put(_ character: Character, at point: Point, style: Style = .plain) -> Int {
    let (glyph, width) = Canvas.displayable(character)
    guard width > 0 else { return 0 }
    put(displayable: glyph, width: width, at: point, style: style)
    return width
  }

  /// `put(_:at:style:)` for a glyph `displayable(_:)` already gave, with its width (1 or 2):
  /// text drawing measures each grapheme once, and measuring was half the cost of a cell.
  mutating func put(displayable glyph: Character, width: Int, at point: Point, style: Style) {
    let x = point.x + origin.x
    let y = point.y + origin.y
    let local = Rect(origin: origin, size: size).intersection(clip)
    guard y >= local.minY, y < local.maxY else { return }
    if width == 2 {
      let firstInside = x >= local.minX && x < local.maxX
      let secondInside = x + 1 >= local.minX && x + 1 < local.maxX
      if firstInside && secondInside {
        writeCell(Cell(glyph, style: style, width: 2), x: x, y: y)
        writeCell(Cell(" ", style: style, width: 0), x: x + 1, y: y)
      } else if firstInside {
        // NB: half a wide grapheme is never drawn; a blank keeps the clip edge clean.
        writeCell(.blank(style), x: x, y: y)
        noteCut(of: x, y: y, outsideAt: x + 1)
      } else if secondInside {
        writeCell(.blank(style), x: x + 1, y: y)
        noteCut(of: x, y: y, outsideAt: x)
      }
    } else if x >= local.minX && x < local.maxX {
      writeCell(Cell(glyph, style: style, width: 1), x: x, y: y)
    }
  }

  /// Fills a local rectangle (clipped) with a cell.
  public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
    let target = rect.offsetBy(dx: origin.x, dy: origin.y)
      .intersection(Rect(origin: origin, size: size)).intersection(clip)
    guard !target.isEmpty else { return }
    guard cell.width == 1 else {
      for y in target.minY..<target.maxY {
        for x in target.minX..<target.maxX { writeCell(cell, x: x, y: y) }
      }
      return
    }
    // NB: row by row: cell by cell, a screen's clear was most of a full frame's work. Only a
    // wide character cut by the rectangle's edges keeps a half outside it, blanked here as
    // `writeCell` would.
    for y in target.minY..<target.maxY {
      let left = target.minX
      if grid[left, y].isContinuation, left > 0, grid[left - 1, y].width == 2 {
        grid[left - 1, y] = .blank(grid[left - 1, y].style)
      }
      let right = target.maxX - 1
      if grid[right, y].width == 2, right + 1 < grid.size.width,
        grid[right + 1, y].isContinuation
      {
        grid[right + 1, y] = .blank(grid[right + 1, y].style)
      }
      grid.fillRow(y, from: target.minX, to: target.maxX, with: cell)
    }
  }

  /// Fills the whole visible area with blanks in `style`.
  public mutating func clear(_ style: Style = .plain) {
    fill(bounds, with: .blank(style))
  }

  /// Restyles the cells of a local rectangle, keeping their graphemes.
  public mutating func applyStyle(_ style: Style, to rect: Rect) {
    let target = rect.offsetBy(dx: origin.x, dy: origin.y)
      .intersection(Rect(origin: origin, size: size)).intersection(clip)
    guard !target.isEmpty else { return }
    for y in target.minY..<target.maxY {
      for x in target.minX..<target.maxX {
        grid[x, y].style = style
      }
    }
  }

  /// Runs `body` with the canvas narrowed to a local rectangle, whose top-left becomes `(0, 0)`.
  @discardableResult
  public mutating func withRegion<Result>(
    _ rect: Rect, _ body: (inout Canvas) throws -> Result
  ) rethrows -> Result {
    let saved = (origin, size, clip, reach)
    let absolute = rect.offsetBy(dx: origin.x, dy: origin.y)
    clip = clip.intersection(absolute).intersection(Rect(origin: origin, size: size))
    reach = reach.intersection(absolute).intersection(Rect(origin: origin, size: size))
    origin = absolute.origin
    size = rect.size
    defer { (origin, size, clip, reach) = saved }
    return try body(&self)
  }

  /// Restricts drawing to a screen's area for the renderer: `frame` (in grid coordinates)
  /// becomes the canvas's local space, and only its `clip` part is written; `reach` (inside
  /// the grid) is what the screen reaches in a full frame, by default `clip`.
  package mutating func restrict(to frame: Rect, clip: Rect, reach: Rect? = nil) {
    self.origin = frame.origin
    self.size = frame.size
    self.clip = clip.intersection(grid.bounds)
    self.reach = reach ?? self.clip
  }

  /// Resizes the underlying grid, blanking it.
  package mutating func resetGrid(to size: Size) {
    grid.reset(to: size)
    restrict(to: Rect(size: size), clip: Rect(size: size))
  }

  /// Records a wide grapheme at `x` blanked because column `outside` is not drawn, when that
  /// column is one the screen reaches: a full frame draws it whole there.
  private mutating func noteCut(of x: Int, y: Int, outsideAt outside: Int) {
    let reachable = Rect(origin: origin, size: size).intersection(reach)
    guard reachable.contains(Point(x: outside, y: y)) else { return }
    let cells = Rect(x: x, y: y, width: 2, height: 1)
    cutByRedraw = cutByRedraw?.union(cells) ?? cells
  }

  private mutating func writeCell(_ cell: Cell, x: Int, y: Int) {
    // Overwriting half of a wide grapheme blanks its other half so no half-glyph remains.
    let old = grid[x, y]
    if old.width == 2, x + 1 < grid.size.width {
      if grid[x + 1, y].isContinuation { grid[x + 1, y] = .blank(grid[x + 1, y].style) }
    }
    if old.isContinuation, x > 0, grid[x - 1, y].width == 2 {
      grid[x - 1, y] = .blank(grid[x - 1, y].style)
    }
    grid[x, y] = cell
  }

  /// The grapheme a terminal can show for `character`, and its width in cells.
  static func displayable(_ character: Character) -> (Character, Int) {
    if character.isTab { return (" ", 1) }
    if character.isControlForDisplay { return ("\u{FFFD}", 1) }
    return (character, character.cellWidth)
  }
}

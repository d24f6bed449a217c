/// A rectangular grid of cells, stored row by row: what a frame of the terminal shows.
public struct CellGrid: Hashable, Sendable {
  /// The grid's extent.
  public private(set) var size: Size
  /// The cells, row after row.
  public private(set) var cells: [Cell]

  /// Creates a grid of `size` filled with `cell`.
  public init(size: Size, filledWith cell: Cell = .blank) {
    self.size = size
    self.cells = Array(repeating: cell, count: size.area)
  }

  /// The grid's bounds, at the origin.
  public var bounds: Rect { Rect(size: size) }

  /// The cell at column `x`, row `y`; both must be inside the grid.
  public subscript(x: Int, y: Int) -> Cell {
    get { cells[y * size.width + x] }
    set { cells[y * size.width + x] = newValue }
  }

  /// The cell at `point`, which must be inside the grid.
  public subscript(point: Point) -> Cell {
    get { self[point.x, point.y] }
    set { self[point.x, point.y] = newValue }
  }

  /// Sets the cells of row `y` from column `minX` up to `maxX` (both inside the grid) to
  /// `cell`, as one assignment.
  package mutating func fillRow(_ y: Int, from minX: Int, to maxX: Int, with cell: Cell) {
    let start = y * size.width
    cells.withUnsafeMutableBufferPointer { cells in
      for index in (start + minX)..<(start + maxX) { cells[index] = cell }
    }
  }

  /// Changes the extent; every cell becomes `cell` again.
  public mutating func reset(to size: Size, filledWith cell: Cell = .blank) {
    self.size = size
    cells = Array(repeating: cell, count: size.area)
  }

  /// The text of row `y`, one character per grapheme; continuation cells add nothing.
  public func text(ofRow y: Int) -> String {
    var line = ""
    line.reserveCapacity(size.width)
    for x in 0..<size.width {
      let cell = self[x, y]
      if !cell.isContinuation { line.append(cell.character) }
    }
    return line
  }

  /// `rect` (inside the grid) grown column by column until no row has a wide character
  /// that it cuts in half, so that it holds every wide character it touches whole.
  public func wideningToWholeCharacters(_ rect: Rect) -> Rect {
    guard !rect.isEmpty else { return rect }
    var minX = rect.minX
    var maxX = rect.maxX
    // NB: widening one row can cut a wide character in another, so repeat until none is.
    var widened = true
    while widened {
      widened = false
      for y in rect.minY..<rect.maxY {
        if minX > 0, self[minX, y].isContinuation {
          minX -= 1
          widened = true
        }
        if maxX < size.width, self[maxX - 1, y].width == 2 {
          maxX += 1
          widened = true
        }
      }
    }
    return Rect(x: minX, y: rect.minY, width: maxX - minX, height: rect.height)
  }

  /// Every row as text.
  public var lines: [String] { (0..<size.height).map(text(ofRow:)) }
}

extension CellGrid {
  /// The cells of `run`, which must lie inside the grid.
  public func cells(in run: CellRun) -> ArraySlice<Cell> {
    let start = run.y * size.width + run.x
    return cells[start..<(start + run.count)]
  }
}

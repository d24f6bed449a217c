import ScreenKit
import ScreenKitSimulation
import Testing

/// The differ's record of the last frame against the plain rule: a terminal that is given the
/// runs of each frame shows that frame, scalar for scalar, whatever its cells hold.
@Suite struct FrameDifferTests {
  /// Graphemes of one scalar and of several, wide ones, and two canonically equivalent ones
  /// (`Cell ==` takes U+212B ANGSTROM SIGN and U+00C5 as equal, a terminal shows each as sent).
  private static let characters: [(Character, UInt8)] = [
    (" ", 1), ("a", 1), ("b", 1), ("é", 1), ("e\u{301}", 1), ("\u{212B}", 1), ("\u{00C5}", 1),
    ("⠋", 1), ("漢", 2), ("🇫🇷", 2), ("👨‍👩‍👧", 2), ("\r\n", 1),
  ]
  private static let styles: [Style] = [
    .plain, .bold, .reverse, Style(foreground: .red), Style(background: .indexed(200)),
    Style(foreground: .indexed(255), background: .black, attributes: [.dim, .underline]),
    Style(attributes: Style.Attributes(rawValue: 0x80)),
  ]

  /// Whether a terminal shows the same in both cells: the same scalars in the same look.
  private static func shows(_ cell: Cell, as other: Cell) -> Bool {
    Array(cell.character.unicodeScalars) == Array(other.character.unicodeScalars)
      && cell.style == other.style && cell.width == other.width
  }

  /// Writes a random grapheme at a random place in `grid`, whole: a wide one with its
  /// continuation cell, and blanking the other half of a wide one it overwrites.
  private static func scribble(on grid: inout CellGrid, using random: inout SeededRandom) {
    let (character, width) = characters[Int.random(in: 0..<characters.count, using: &random)]
    let style = styles[Int.random(in: 0..<styles.count, using: &random)]
    let y = Int.random(in: 0..<grid.size.height, using: &random)
    let x = Int.random(in: 0..<(grid.size.width - Int(width) + 1), using: &random)
    for column in x..<(x + Int(width)) {
      if grid[column, y].isContinuation, column > 0 { grid[column - 1, y] = .blank }
      if grid[column, y].width == 2, column + 1 < grid.size.width {
        grid[column + 1, y] = .blank
      }
    }
    grid[x, y] = Cell(character, style: style, width: width)
    if width == 2 { grid[x + 1, y] = Cell(" ", style: style, width: 0) }
  }

  @Test(arguments: 0..<40 as Range<UInt64>)
  func aTerminalGivenTheRunsShowsEveryFrame(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let size = Size(width: 9, height: 4)
    var grid = CellGrid(size: size)
    var terminal = CellGrid(size: size)
    var differ = FrameDiffer()
    for _ in 0..<60 {
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        Self.scribble(on: &grid, using: &random)
      }
      let changes = differ.changes(in: grid, redrawn: [grid.bounds])
      for run in changes.runs {
        for x in run.x..<run.endX { terminal[x, run.y] = grid[x, run.y] }
      }
      for y in 0..<size.height {
        for x in 0..<size.width where !Self.shows(terminal[x, y], as: grid[x, y]) {
          Issue.record(
            "seed \(seed): (\(x), \(y)) shows \(terminal[x, y]), the frame \(grid[x, y])")
        }
      }
    }
  }

  @Test func aGraphemeOfSeveralScalarsIsComparedWhole() {
    var grid = CellGrid(size: Size(width: 3, height: 1))
    var differ = FrameDiffer()
    grid[0, 0] = Cell("e\u{301}")
    _ = differ.changes(in: grid, redrawn: [grid.bounds])
    #expect(differ.changes(in: grid, redrawn: [grid.bounds]).runs.isEmpty)
    grid[0, 0] = Cell("a\u{301}")
    #expect(
      differ.changes(in: grid, redrawn: [grid.bounds]).runs == [CellRun(y: 0, x: 0, count: 1)])
    grid[0, 0] = Cell("a")
    #expect(
      differ.changes(in: grid, redrawn: [grid.bounds]).runs == [CellRun(y: 0, x: 0, count: 1)])
    grid[0, 0] = Cell("a\u{301}")
    #expect(
      differ.changes(in: grid, redrawn: [grid.bounds]).runs == [CellRun(y: 0, x: 0, count: 1)])
    #expect(differ.changes(in: grid, redrawn: [grid.bounds]).runs.isEmpty)
  }

  @Test func aCanonicallyEquivalentCharacterIsWrittenAsItIs() {
    var grid = CellGrid(size: Size(width: 2, height: 1))
    var differ = FrameDiffer()
    grid[0, 0] = Cell("\u{00C5}")
    _ = differ.changes(in: grid, redrawn: [grid.bounds])
    grid[0, 0] = Cell("\u{212B}")
    #expect(grid[0, 0] == Cell("\u{00C5}"), "Swift takes the two as one character")
    #expect(
      differ.changes(in: grid, redrawn: [grid.bounds]).runs == [CellRun(y: 0, x: 0, count: 1)])
  }

  @Test func eachPartOfACellsLookIsAChange() {
    let base = Cell("x", style: Style(foreground: .indexed(7), background: .indexed(0)))
    let changed = [
      Cell("y", style: base.style),
      Cell("x", style: base.style.foreground(.indexed(8))),
      Cell("x", style: Style(foreground: .indexed(7), background: .default)),
      Cell("x", style: base.style.adding(.underline)),
      Cell("x", style: base.style, width: 0),
    ]
    for cell in changed {
      var grid = CellGrid(size: Size(width: 1, height: 1), filledWith: base)
      var differ = FrameDiffer()
      _ = differ.changes(in: grid, redrawn: [grid.bounds])
      grid[0, 0] = cell
      #expect(differ.changes(in: grid, redrawn: [grid.bounds]).runs.count == 1, "\(cell)")
    }
  }
}

/// One cell of the terminal grid: a grapheme and its style.
///
/// A wide grapheme (CJK, most emoji) occupies two cells: the first holds the grapheme with
/// `width == 2`, the second is a continuation cell with `width == 0` that terminals skip.
public struct Cell: Hashable, Sendable {
  /// The grapheme drawn in the cell; a space for blank cells and continuation cells.
  public var character: Character
  /// How the cell looks.
  public var style: Style
  /// The number of columns the grapheme covers: 1, 2, or 0 for a continuation cell.
  public var width: UInt8

  /// Creates a cell; `width` defaults to one column.
  public init(_ character: Character, style: Style = .plain, width: UInt8 = 1) {
    self.character = character
    self.style = style
    self.width = width
  }

  /// A blank cell in the terminal's default colours.
  public static let blank = Cell(" ")

  /// A blank cell in the given style.
  public static func blank(_ style: Style) -> Cell { Cell(" ", style: style) }

  /// Whether this cell is the second half of a wide grapheme.
  public var isContinuation: Bool { width == 0 }
}

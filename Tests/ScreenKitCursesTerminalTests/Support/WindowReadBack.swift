import CNCurses
import ScreenKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads a window cell back through ncurses: its text, attributes and colour pair.
@MainActor
func readBack(_ window: UnsafeMutablePointer<WINDOW>, x: Int, y: Int)
  -> (text: String, attributes: attr_t, pair: Int32)
{
  var cell = cchar_t()
  _ = mvwin_wch(window, Int32(y), Int32(x), &cell)
  var characters = [wchar_t](repeating: 0, count: 8)
  var attributes: attr_t = 0
  var pair: Int32 = 0
  _ = sk_getcchar(&cell, &characters, Int32(characters.count), &attributes, &pair)
  var text = ""
  for value in characters where value != 0 {
    if let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { text.unicodeScalars.append(scalar) }
  }
  return (text, attributes, pair)
}

/// The text of row `y` of `window` from `x` for `width` cells, skipping wide continuations.
@MainActor
func rowText(_ window: UnsafeMutablePointer<WINDOW>, y: Int, x: Int = 0, width: Int) -> String {
  var text = ""
  var column = x
  while column < x + width {
    let cell = readBack(window, x: column, y: y).text
    text += cell
    column += cell.cellWidth > 1 ? 2 : 1
  }
  return text
}

/// One cell of a window row as ncurses accounts for it: the text it holds and the columns
/// ncurses gives it (the C library's `wcwidth` of its spacing character).
struct WindowCell: Equatable, CustomStringConvertible {
  var text: String
  var column: Int
  var width: Int

  var description: String {
    "\(column):\(text.unicodeScalars.map { String($0.value, radix: 16) })/\(width)"
  }
}

/// The cells of row `y` of `window` from column 0 for `width` columns, as ncurses holds them:
/// a wide character counts once, and its second column must hold the same character.
@MainActor
func windowCells(_ window: UnsafeMutablePointer<WINDOW>, y: Int, width: Int) -> [WindowCell] {
  var cells: [WindowCell] = []
  var column = 0
  while column < width {
    let text = readBack(window, x: column, y: y).text
    let columns =
      text.unicodeScalars.first.map { Int(sk_wcwidth(wchar_t(bitPattern: $0.value))) } ?? 1
    cells.append(WindowCell(text: text, column: column, width: columns))
    if columns == 2, column + 1 < width, readBack(window, x: column + 1, y: y).text != text {
      // Half of a wide character: what the terminal shows there is undefined.
      cells.append(WindowCell(text: "half", column: column + 1, width: 1))
    }
    column += max(1, columns)
  }
  return cells
}

import ScreenKit

/// A candidate's bytes as a row shows them: UTF-8 decoded, and every byte that would not show
/// as itself escaped, so no line can move the cursor or hide what it holds; runs of the
/// characters a query matched are marked for highlighting.
///
/// A control character is shown in caret notation (`^@` for NUL, `^[` for Escape, `^?` for
/// DEL), a byte that is not UTF-8 as `\xFF`; a tab becomes spaces to the next multiple of 8.
/// The line itself is never changed: the picker writes back the bytes it read.
struct EscapedLine {
  /// A piece of the row: its text, and whether it is matched or an escape.
  struct Run: Equatable {
    enum Kind: Equatable { case plain, matched, escape }
    var text: String
    var kind: Kind
  }

  /// The row, in runs of one kind each.
  private(set) var runs: [Run] = []
  /// The characters shown so far, for tab stops.
  private var column = 0

  /// The row for `bytes`, with the bytes at `matched` (ascending UTF-8 offsets) marked, up to
  /// about `columns` characters: a line of megabytes costs a row's worth.
  init(_ bytes: ArraySlice<UInt8>, matched: [Int] = [], columns: Int = .max) {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    var next = matched.startIndex
    while column < columns {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let end = offset + encoded.count
        var isMatched = false
        while next < matched.endIndex, matched[next] < end {
          if matched[next] >= offset { isMatched = true }
          next += 1
        }
        append(Unicode.UTF8.decode(encoded), matched: isMatched)
        offset = end
      case .error(let length):
        for byte in bytes.dropFirst(offset).prefix(length) {
          add(#"\x"# + hex(byte), .escape)
        }
        offset += length
      case .emptyInput:
        return
      }
    }
  }

  /// The text of the row, without its kinds.
  var text: String { runs.map(\.text).joined() }

  private mutating func append(_ scalar: Unicode.Scalar, matched: Bool) {
    switch scalar.value {
    case 0x09:
      let spaces = 8 - column % 8
      add(String(repeating: " ", count: spaces), matched ? .matched : .plain)
    case 0x00..<0x20:
      add("^" + String(Unicode.Scalar(UInt8(scalar.value + 0x40))), .escape)
    case 0x7F:
      add("^?", .escape)
    case 0x80..<0xA0:
      add(#"\u{"# + String(scalar.value, radix: 16) + "}", .escape)
    default:
      add(String(scalar), matched ? .matched : .plain)
    }
  }

  private mutating func add(_ text: String, _ kind: Run.Kind) {
    column += text.unicodeScalars.count
    if runs.last?.kind == kind {
      runs[runs.count - 1].text += text
    } else {
      runs.append(Run(text: text, kind: kind))
    }
  }

  private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}

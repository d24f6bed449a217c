/// Takes the terminal's answer to a cursor position request (`ESC [ row ; column R`) out of
/// the input, so that an inline region learns which screen row it starts on (to place mouse
/// reports in it) and no screen sees the answer as keys.
///
/// Only while an answer is awaited: the same bytes are a key (Shift-F3 is `ESC [ 1 ; 2 R` on
/// some terminals) at any other time. An answer cut between two reads is held until the rest
/// comes, or until its owner gives it back as input (``releaseHeld()``): an Escape alone may be
/// the Escape key. Requests sent before the last answer came are answered in order: only the
/// answer to the last one says where the region is now.
struct CursorReportFilter {
  /// How many requests were sent whose answers have not come yet.
  private var awaited = 0
  /// The start of an answer that the last read cut off.
  private var held: [UInt8] = []

  /// Whether a request was sent and its answer has not come yet.
  var isAwaiting: Bool { awaited > 0 }

  /// How many answers have not come yet (one cut between reads among them).
  var awaitedCount: Int { awaited }

  /// Whether the start of an answer cut by the last read is held.
  var isHolding: Bool { !held.isEmpty }

  /// Gives back what is held as input: the next bytes are no longer taken for the rest of it.
  mutating func releaseHeld() -> [UInt8] {
    defer { held.removeAll() }
    return held
  }

  /// Notes that a request was just written.
  mutating func expectReport() {
    awaited += 1
  }

  /// Removes the answers from `bytes` (with what was held before them) and returns the row
  /// and column of the last request's, 1-based as the terminal sends them, once it came; the
  /// bytes that remain are input.
  mutating func take(from bytes: inout [UInt8]) -> (row: Int, column: Int)? {
    guard isAwaiting else { return nil }
    if !held.isEmpty {
      bytes = held + bytes
      held.removeAll()
    }
    var start = 0
    while isAwaiting, let escape = bytes[start...].firstIndex(of: 0x1B) {
      switch Self.parse(bytes[escape...]) {
      case .answer(let row, let column, let end):
        bytes.removeSubrange(escape..<end)
        awaited -= 1
        if awaited == 0 { return (row, column) }
        start = escape
      case .incomplete:
        held = Array(bytes[escape...])
        bytes.removeSubrange(escape...)
        return nil
      case .other:
        start = escape + 1
      }
    }
    return nil
  }

  private enum Parse {
    case answer(row: Int, column: Int, end: Int)
    case incomplete
    case other
  }

  /// Reads `ESC [ digits ; digits R` at the start of `bytes`.
  private static func parse(_ bytes: ArraySlice<UInt8>) -> Parse {
    var index = bytes.startIndex + 1
    guard index < bytes.endIndex else { return .incomplete }
    guard bytes[index] == UInt8(ascii: "[") else { return .other }
    index += 1
    var numbers = [0, 0]
    var which = 0
    var digits = 0
    while index < bytes.endIndex {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard digits < 5 else { return .other }
        numbers[which] = numbers[which] * 10 + Int(byte - UInt8(ascii: "0"))
        digits += 1
      case UInt8(ascii: ";") where which == 0 && digits > 0:
        which = 1
        digits = 0
      case UInt8(ascii: "R") where which == 1 && digits > 0:
        return .answer(row: numbers[0], column: numbers[1], end: index + 1)
      default:
        return .other
      }
      index += 1
    }
    return .incomplete
  }
}

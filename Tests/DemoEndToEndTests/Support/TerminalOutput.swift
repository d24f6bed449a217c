import Foundation

/// The text a program wrote to its terminal, read from the raw bytes with every escape
/// sequence and control character taken as a break between runs of text.
///
/// NB: it does not interpret the bytes as a screen. A text is found only when the program
/// wrote it in one run, with no cursor movement, attribute change or line break inside it.
/// ncurses writes a changed run of cells in one go, but may jump over cells that already show
/// the right character (blanks, mostly): so search for texts without spaces that were not on
/// the screen before (`Loading…`, `refreshing`, a word of a title), not for whole rows.
struct TerminalOutput {
  /// The runs of text, in the order written, separated by a line break where the program wrote
  /// an escape sequence or a control character.
  let text: String

  init(bytes: [UInt8]) {
    var kept: [UInt8] = []
    kept.reserveCapacity(bytes.count)
    var index = 0
    func breakRun() { if kept.last != 0x0A { kept.append(0x0A) } }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x1B {
        index = Self.end(ofEscapeAt: index, in: bytes)
        breakRun()
      } else if byte < 0x20 || byte == 0x7F {
        index += 1
        breakRun()
      } else {
        kept.append(byte)
        index += 1
      }
    }
    text = String(decoding: kept, as: UTF8.self)
  }

  /// Whether `text` was written.
  func contains(_ wanted: String) -> Bool { text.contains(wanted) }

  /// Whether `first` was written, and before `second` was first written (or `second` never was).
  func wrote(_ first: String, before second: String) -> Bool {
    guard let firstAt = text.range(of: first)?.lowerBound else { return false }
    guard let secondAt = text.range(of: second)?.lowerBound else { return true }
    return firstAt < secondAt
  }

  /// The text written after the first `marker`; empty when it was never written.
  func after(_ marker: String) -> TerminalOutput {
    guard let end = text.range(of: marker)?.upperBound else { return TerminalOutput(bytes: []) }
    return TerminalOutput(bytes: Array(text[end...].utf8))
  }

  /// The index just past the escape sequence that starts at `start`: CSI (`ESC [` parameters,
  /// then a final byte), a string (OSC, DCS, PM, APC: up to BEL or `ESC \`), or `ESC`,
  /// intermediates and a final byte (`ESC ( B`, `ESC =`).
  private static func end(ofEscapeAt start: Int, in bytes: [UInt8]) -> Int {
    var index = start + 1
    guard index < bytes.count else { return index }
    switch bytes[index] {
    case UInt8(ascii: "["):
      index += 1
      while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
      return index + 1
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "^"), UInt8(ascii: "_"):
      index += 1
      while index < bytes.count {
        if bytes[index] == 0x07 { return index + 1 }
        if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") {
          return index + 2
        }
        index += 1
      }
      return index
    default:
      while index < bytes.count, (0x20...0x2F).contains(bytes[index]) { index += 1 }
      return index + 1
    }
  }
}

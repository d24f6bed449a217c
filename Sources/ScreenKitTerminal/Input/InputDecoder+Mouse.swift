import ScreenKit

extension InputDecoder {
  /// `ESC [ M`: the start of a legacy (X10) mouse report, three raw bytes follow.
  static let legacyMouseStart: [UInt8] = Array("\u{1B}[M".utf8)

  /// The mouse event an SGR (1006) report `ESC [ < b ; x ; y M` (press) or `… m` (release)
  /// stands for, or `nil` when `sequence` is no such report or one ScreenKit has no event for
  /// (extra buttons, horizontal wheels); such reports are still dropped whole.
  static func mouseEvent(forSequence sequence: [UInt8]) -> MouseEvent? {
    guard sequence.count >= 8, sequence[2] == UInt8(ascii: "<"), let final = sequence.last,
      final == UInt8(ascii: "M") || final == UInt8(ascii: "m")
    else { return nil }
    var numbers: [Int] = []
    var current: Int?
    for byte in sequence[3..<(sequence.count - 1)] {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        current = min(99_999, (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0")))
      case UInt8(ascii: ";"):
        guard let value = current else { return nil }
        numbers.append(value)
        current = nil
      default:
        return nil
      }
    }
    guard let last = current, numbers.count == 2 else { return nil }
    numbers.append(last)
    // NB: SGR coordinates are 1-based; a terminal never sends 0, but one that did must not
    // make a point outside the screen.
    let position = Point(x: max(0, numbers[1] - 1), y: max(0, numbers[2] - 1))
    return mouseEvent(code: numbers[0], at: position, released: final == UInt8(ascii: "m"))
  }

  /// The mouse event of a legacy report's three bytes (each a value plus 32), or `nil`.
  static func legacyMouseEvent(_ bytes: [UInt8]) -> MouseEvent? {
    guard bytes.count == 3, bytes.allSatisfy({ $0 >= 32 }) else { return nil }
    let position = Point(x: Int(bytes[1]) - 33, y: Int(bytes[2]) - 33)
    guard position.x >= 0, position.y >= 0 else { return nil }
    return mouseEvent(code: Int(bytes[0]) - 32, at: position, released: false)
  }

  /// Reads xterm's button code: the low two bits name the button (3 is a release in the
  /// legacy encoding), 4, 8 and 16 are Shift, Alt and Control, 32 is motion and 64 the wheel.
  private static func mouseEvent(code: Int, at position: Point, released: Bool) -> MouseEvent? {
    var modifiers: MouseEvent.Modifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let low = code & 3
    let buttons: [MouseEvent.Button?] = [.left, .middle, .right, nil]
    let action: MouseEvent.Action
    switch code & ~0b11100 & ~3 {
    case 0:
      if released {
        action = .release(buttons[low])
      } else if let button = buttons[low] {
        action = .press(button)
      } else {
        action = .release(nil)
      }
    case 32:
      action = buttons[low].map { .drag($0) } ?? .move
    case 64:
      // Horizontal wheels (66, 67) have no event; releases of the wheel never come in SGR.
      guard low < 2, !released else { return nil }
      action = .wheel(low == 0 ? -1 : 1)
    default:
      return nil
    }
    return MouseEvent(action, at: position, modifiers: modifiers)
  }
}

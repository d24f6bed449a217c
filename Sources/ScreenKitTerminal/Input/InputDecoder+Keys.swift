public import ScreenKit

extension InputDecoder {
  /// The key for one character or control code, or `nil` for control codes no key stands for
  /// (NUL, C1 controls), which must never reach a canvas.
  ///
  /// Ctrl-A to Ctrl-Z are `.control("a")` to `.control("z")`; FS to US, what Ctrl-\, Ctrl-],
  /// Ctrl-^ and Ctrl-_ send, are `.control("\\")`, `.control("]")`, `.control("^")` and
  /// `.control("_")`.
  public static func key(for scalar: Unicode.Scalar) -> Key? {
    switch scalar.value {
    case 8, 127: return .backspace
    case 9: return .tab
    case 10, 13: return .enter
    case 27: return .escape
    case 1...26: return .control(Character(Unicode.Scalar(UInt8(scalar.value) + 96)))
    case 28...31: return .control(Character(Unicode.Scalar(UInt8(scalar.value) + 64)))
    case 0..<32, 0x80..<0xA0: return nil
    default: return .character(Character(scalar))
    }
  }

  /// The key a complete CSI or SS3 sequence (from its Escape to its final byte) stands for, or
  /// `nil` when it is no key ScreenKit knows.
  static func key(forSequence sequence: [UInt8]) -> Key? {
    guard sequence.count >= 3, let final = sequence.last else { return nil }
    let body = sequence[2..<(sequence.count - 1)]
    if sequence[1] == UInt8(ascii: "[") && body.first == UInt8(ascii: "[") {
      guard body.count == 1, (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final) else {
        return nil
      }
      return .function(Int(final - UInt8(ascii: "A")) + 1)
    }
    guard let parameters = numbers(in: body) else { return nil }
    let key: Key?
    let modifier: Int?
    if sequence[1] == UInt8(ascii: "O") {
      key = singleShiftKeys[final]
      // `ESC O 5 A` and `ESC O 1 ; 5 A` both carry the modifier last.
      modifier = parameters.count >= 1 ? parameters.last ?? nil : nil
    } else if final == UInt8(ascii: "~") {
      key = parameters.first.flatMap { $0 }.flatMap { tildeKeys[$0] }
      modifier = parameters.count >= 2 ? parameters[1] : nil
    } else {
      guard parameters.count <= 2, (parameters.first ?? nil) ?? 1 == 1 else { return nil }
      key = controlSequenceKeys[final]
      modifier = parameters.count == 2 ? parameters[1] : nil
    }
    guard let key else { return nil }
    // xterm's modifier parameter is 1 + a bit mask: 1 Shift, 2 Alt, 4 Control, 8 Meta. Only
    // Alt (or Meta) has a place in `Key`; Shift and Control read as the plain key.
    if let modifier, modifier > 1, (modifier - 1) & 0b1010 != 0 { return .alt(key) }
    return key
  }

  /// `key` with Alt, unless it has it already.
  static func withAlt(_ key: Key) -> Key {
    if case .alt = key { return key }
    return .alt(key)
  }

  /// The numbers of a parameter string such as `1;5` (an empty one is `nil`), or `nil` when
  /// it holds anything but digits and semicolons (private and intermediate bytes).
  private static func numbers(in body: ArraySlice<UInt8>) -> [Int?]? {
    guard !body.isEmpty else { return [] }
    var result: [Int?] = []
    var current: Int?
    for byte in body {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        current = min(9999, (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0")))
      case UInt8(ascii: ";"):
        result.append(current)
        current = nil
      default:
        return nil
      }
    }
    result.append(current)
    return result
  }

  private static let controlSequenceKeys: [UInt8: Key] = [
    UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
    UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
    UInt8(ascii: "Z"): .backTab,
    UInt8(ascii: "P"): .function(1), UInt8(ascii: "Q"): .function(2),
    UInt8(ascii: "R"): .function(3), UInt8(ascii: "S"): .function(4),
  ]

  private static let singleShiftKeys: [UInt8: Key] = {
    var keys = controlSequenceKeys
    keys[UInt8(ascii: "Z")] = nil
    keys[UInt8(ascii: "M")] = .enter
    keys[UInt8(ascii: "I")] = .tab
    // The keypad in application mode.
    let keypad: [(Unicode.Scalar, Character)] = [
      ("j", "*"), ("k", "+"), ("l", ","), ("m", "-"), ("n", "."), ("o", "/"), ("X", "="),
    ]
    for (final, character) in keypad { keys[UInt8(final.value)] = .character(character) }
    for digit in 0...9 {
      keys[UInt8(ascii: "p") + UInt8(digit)] = .character(Character(String(digit)))
    }
    return keys
  }()

  /// `CSI n ~` keys: the editing block and function keys of xterm, VT220 and rxvt.
  private static let tildeKeys: [Int: Key] = {
    var keys: [Int: Key] = [
      1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
    ]
    let functionCodes = [
      11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24, 25, 26, 28, 29, 31, 32, 33, 34,
    ]
    for (index, code) in functionCodes.enumerated() { keys[code] = .function(index + 1) }
    return keys
  }()

  /// Whether a complete sequence is a focus report of a terminal that gained focus (`ESC [ I`)
  /// or lost it (`ESC [ O`); `nil` for any other sequence.
  static func terminalFocus(forSequence sequence: [UInt8]) -> Bool? {
    guard sequence.count == 3, sequence[0] == 0x1B, sequence[1] == UInt8(ascii: "[") else {
      return nil
    }
    switch sequence[2] {
    case UInt8(ascii: "I"): return true
    case UInt8(ascii: "O"): return false
    default: return nil
    }
  }
}

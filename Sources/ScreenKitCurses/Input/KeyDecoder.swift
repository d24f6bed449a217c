import CNCurses
public import ScreenKit

/// Turns what ncurses `get_wch` returned during one read into ScreenKit input events.
///
/// The decoder is a pure function of its input, so every mapping is tested without a
/// terminal. An Escape followed by another key within the same read is Alt with that key,
/// because that is how terminals send Alt; an Escape on its own (ncurses waited `ESCDELAY`
/// for more and none came) is Escape. A combining mark typed after a character joins it. A
/// focus report (`ESC [ I`, `ESC [ O`, which ncurses has no key for) is
/// `InputEvent.terminalFocus`, never Alt-[ and a letter.
public enum KeyDecoder {
  /// The keys named by ncurses `KEY_*` codes; function keys are computed from `KEY_F0`.
  public static let keyCodes: [Int32: Key] = [
    KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right,
    KEY_HOME: .home, KEY_END: .end, KEY_FIND: .home, KEY_SELECT: .end,
    KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown,
    KEY_IC: .insert, KEY_DC: .delete,
    KEY_BACKSPACE: .backspace, KEY_ENTER: .enter, KEY_BTAB: .backTab,
  ]

  /// The keys sent as control codes (below 32, and DEL) that are not Ctrl-letters.
  public static let controlCodes: [UInt32: Key] = [
    8: .backspace, 9: .tab, 10: .enter, 13: .enter, 27: .escape, 127: .backspace,
  ]

  /// The highest function key number decoded; ncurses defines `KEY_F(0)` to `KEY_F(63)`.
  public static let maximumFunctionKey = 63

  /// Decodes one read's worth of `get_wch` results; `size` is the terminal's size once
  /// `KEY_RESIZE` has been read (ncurses has updated it by then).
  public static func decode(_ inputs: [RawInput], size: @autoclosure () -> Size) -> [InputEvent] {
    var events: [InputEvent] = []
    var pendingEscape = false
    var index = inputs.startIndex
    while index < inputs.endIndex {
      let input = inputs[index]
      index += 1
      if pendingEscape, input == .character(UInt32(UInt8(ascii: "["))), index < inputs.endIndex,
        let focused = focusReport(inputs[index])
      {
        pendingEscape = false
        index += 1
        events.append(.terminalFocus(focused))
        continue
      }
      if case .keyCode(let code) = input, code == KEY_RESIZE {
        if pendingEscape { events.append(.key(.escape)) }
        pendingEscape = false
        events.append(.resize(size()))
        continue
      }
      guard let key = key(for: input) else { continue }
      if key == .escape && !pendingEscape {
        pendingEscape = true
        continue
      }
      if pendingEscape {
        pendingEscape = false
        events.append(.key(.alt(key)))
        continue
      }
      if case .character(let scalarValue) = input, let combined = joining(scalarValue, to: events) {
        events[events.count - 1] = .key(.character(combined))
        continue
      }
      events.append(.key(key))
    }
    if pendingEscape { events.append(.key(.escape)) }
    return events
  }

  /// Whether the final character of a focus report says the terminal gained focus (`I`) or
  /// lost it (`O`); `nil` for any other input.
  private static func focusReport(_ input: RawInput) -> Bool? {
    switch input {
    case .character(UInt32(UInt8(ascii: "I"))): true
    case .character(UInt32(UInt8(ascii: "O"))): false
    default: nil
    }
  }

  /// The key for a single `get_wch` result, or `nil` for codes ScreenKit has no key for.
  public static func key(for input: RawInput) -> Key? {
    switch input {
    case .keyCode(let code):
      if let key = keyCodes[code] { return key }
      let function = Int(code) - Int(KEY_F0)
      if function >= 1 && function <= maximumFunctionKey { return .function(function) }
      return nil
    case .character(let value):
      if let key = controlCodes[value] { return key }
      if value >= 1 && value <= 26 {
        return Unicode.Scalar(value + 96).map { .control(Character($0)) }
      }
      // FS to US: Ctrl-\, Ctrl-], Ctrl-^ and Ctrl-_.
      if value >= 28 && value <= 31 {
        return Unicode.Scalar(value + 64).map { .control(Character($0)) }
      }
      // Other C0 and C1 control codes have no key and must never reach a canvas.
      if value < 32 || (value >= 0x80 && value < 0xA0) { return nil }
      return Unicode.Scalar(value).map { .character(Character($0)) }
    }
  }

  /// The previous character with `scalarValue` appended, when the two form one grapheme
  /// (a combining mark, a second regional indicator).
  private static func joining(_ scalarValue: UInt32, to events: [InputEvent]) -> Character? {
    guard case .key(.character(let previous))? = events.last,
      let scalar = Unicode.Scalar(scalarValue)
    else { return nil }
    var text = String(previous)
    text.unicodeScalars.append(scalar)
    return text.count == 1 ? text.first : nil
  }
}

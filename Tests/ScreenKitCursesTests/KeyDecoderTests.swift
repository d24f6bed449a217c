import CNCurses
import ScreenKit
import Testing

@testable import ScreenKitCurses

@Suite struct KeyDecoderTests {
  private func decode(_ inputs: [RawInput]) -> [InputEvent] {
    KeyDecoder.decode(inputs, size: Size(width: 80, height: 24))
  }

  private func characters(_ text: String) -> [RawInput] {
    text.unicodeScalars.map { .character($0.value) }
  }

  @Test(arguments: [
    (KEY_UP, Key.up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
    (KEY_HOME, .home), (KEY_END, .end), (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown),
    (KEY_IC, .insert), (KEY_DC, .delete), (KEY_BACKSPACE, .backspace), (KEY_ENTER, .enter),
    (KEY_BTAB, .backTab),
  ])
  func keypadCodesDecodeToNamedKeys(code: Int32, key: Key) {
    #expect(decode([.keyCode(code)]) == [.key(key)])
  }

  @Test(arguments: [1, 5, 12, 24, 63])
  func functionKeyCodesDecodeToFunctionKeys(number: Int) {
    #expect(decode([.keyCode(sk_key_f0() + Int32(number))]) == [.key(.function(number))])
  }

  @Test func focusReportsAreFocusEventsNotAltKeys() {
    #expect(
      decode(characters("a\u{1B}[Ob\u{1B}[I"))
        == [.key("a"), .terminalFocus(false), .key("b"), .terminalFocus(true)])
    #expect(decode(characters("\u{1B}[x")) == [.key(.alt("[")), .key("x")])
    #expect(decode(characters("\u{1B}[")) == [.key(.alt("["))])
  }

  @Test func keyResizeDecodesToResizeEventWithCurrentSize() {
    let events = KeyDecoder.decode([.keyCode(KEY_RESIZE)], size: Size(width: 100, height: 30))
    #expect(events == [.resize(Size(width: 100, height: 30))])
  }

  @Test(arguments: [
    (UInt32(127), Key.backspace), (8, .backspace), (13, .enter), (10, .enter), (9, .tab),
    (27, .escape),
  ])
  func controlCodesDecodeToTheirKeys(code: UInt32, key: Key) {
    #expect(decode([.character(code)]) == [.key(key)])
  }

  @Test func controlLettersDecodeToControlKeys() {
    #expect(decode([.character(1)]) == [.key(.control("a"))])
    #expect(decode([.character(3)]) == [.key(.control("c"))])
    #expect(decode([.character(26)]) == [.key(.control("z"))])
  }

  @Test func escapeFollowedByKeyInSameReadIsAlt() {
    #expect(decode([.character(27), .character(120)]) == [.key(.alt("x"))])
    #expect(decode([.character(27), .keyCode(KEY_UP)]) == [.key(.alt(.up))])
    #expect(decode([.character(27), .character(27)]) == [.key(.alt(.escape))])
  }

  @Test func escapeAloneAtEndOfReadIsEscape() {
    #expect(decode([.character(97), .character(27)]) == [.key("a"), .key(.escape)])
  }

  @Test func utf8AndCJKCharactersDecodeToCharacterKeys() {
    #expect(decode(characters("é漢字😀")) == [.key("é"), .key("漢"), .key("字"), .key("😀")])
  }

  @Test func combiningMarkJoinsPreviousCharacter() {
    #expect(decode(characters("e\u{301}")) == [.key(.character("e\u{301}"))])
    #expect(decode(characters("🇯🇵")) == [.key("🇯🇵")])
  }

  @Test func unassignedControlCodesAndUnknownKeyCodesAreDropped() {
    #expect(decode([.character(0), .character(0x85), .keyCode(KEY_MOUSE)]) == [])
  }

  @Test func fileSeparatorToUnitSeparatorAreCtrlPunctuation() {
    #expect(
      decode([.character(28), .character(29), .character(30), .character(31)])
        == [.key(.control("\\")), .key(.control("]")), .key(.control("^")), .key(.control("_"))])
  }
}

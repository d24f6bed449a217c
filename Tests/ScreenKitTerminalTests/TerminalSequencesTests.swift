import ScreenKitTerminal
import Testing

/// xterm's cursor movements, made as bytes without a string, are the decimal numbers an
/// interpolated string writes, at every size a terminal has and past it.
@Suite struct TerminalSequencesTests {
  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func xtermsMovementsWriteTheirNumbersInDecimal() {
    let xterm = TerminalSequences.xterm
    let numbers = Array(-12...1_100) + [9_999, 10_000, 65_535, 1_000_000, Int.max - 1]
    for number in numbers {
      #expect(text(xterm.up(number)) == "\u{1B}[\(number)A")
      #expect(text(xterm.right(number)) == "\u{1B}[\(number)C")
      #expect(text(xterm.column?(number) ?? []) == "\u{1B}[\(number + 1)G")
      #expect(text(xterm.cursorAddress(number, 41)) == "\u{1B}[\(number + 1);42H")
      #expect(text(xterm.cursorAddress(7, number)) == "\u{1B}[8;\(number + 1)H")
    }
    #expect(text(TerminalSequences.controlSequence(Int.min, final: "A")) == "\u{1B}[\(Int.min)A")
  }
}

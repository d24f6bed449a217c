import ScreenKit
import Testing

/// Mouse reports as terminals send them, SGR (1006) and legacy (X10), whole and cut.
@Suite struct MouseDecodingTests {
  private func decode(_ text: String) -> [InputEvent] {
    var decoder = InputDecoder()
    return decoder.decode(Array(text.utf8), at: .zero) + decoder.flush()
  }

  private func mouse(
    _ action: MouseEvent.Action, _ x: Int, _ y: Int, _ modifiers: MouseEvent.Modifiers = []
  ) -> InputEvent {
    .mouse(MouseEvent(action, at: Point(x: x, y: y), modifiers: modifiers))
  }

  /// cons25, FreeBSD's console, sends `ESC [ M` for F1: its description's key wins over a
  /// legacy report, with mouse reporting off (cons25 has none) and on alike.
  @Test(arguments: [false, true])
  func f1OfATerminalWhoseDescriptionNamesEscBracketMIsF1AndTheNextKeyIsKept(reportsMouse: Bool) {
    let cons25: [[UInt8]: Key] = [Array("\u{1B}[M".utf8): .function(1)]
    var decoder = InputDecoder(sequences: cons25, terminalReportsMouse: reportsMouse)
    #expect(
      decoder.decode(Array("\u{1B}[Mq".utf8), at: .zero) == [.key(.function(1)), .key("q")])
    #expect(decoder.deadline == nil)
  }

  /// Without mouse reporting, `ESC [ M` is a key the description does not know: dropped, and
  /// the key after it kept.
  @Test func withMouseReportingOffEscBracketMStartsNoReport() {
    var decoder = InputDecoder(terminalReportsMouse: false)
    #expect(decoder.decode(Array("\u{1B}[Mq".utf8), at: .zero) == [.key("q")])
    #expect(decoder.deadline == nil)
  }

  @Test func sgrPressesAndReleasesOfEachButtonAreZeroBased() {
    #expect(decode("\u{1B}[<0;1;1M") == [mouse(.press(.left), 0, 0)])
    #expect(decode("\u{1B}[<0;12;5m") == [mouse(.release(.left), 11, 4)])
    #expect(decode("\u{1B}[<1;3;4M") == [mouse(.press(.middle), 2, 3)])
    #expect(decode("\u{1B}[<2;300;200M") == [mouse(.press(.right), 299, 199)])
    #expect(decode("\u{1B}[<2;3;4m") == [mouse(.release(.right), 2, 3)])
  }

  @Test func sgrWheelDragMotionAndModifiers() {
    #expect(decode("\u{1B}[<64;5;6M") == [mouse(.wheel(-1), 4, 5)])
    #expect(decode("\u{1B}[<65;5;6M") == [mouse(.wheel(1), 4, 5)])
    #expect(decode("\u{1B}[<32;5;6M") == [mouse(.drag(.left), 4, 5)])
    #expect(decode("\u{1B}[<35;5;6M") == [mouse(.move, 4, 5)])
    #expect(decode("\u{1B}[<4;1;1M") == [mouse(.press(.left), 0, 0, .shift)])
    #expect(decode("\u{1B}[<24;1;1M") == [mouse(.press(.left), 0, 0, [.alt, .control])])
    #expect(decode("\u{1B}[<81;1;1M") == [mouse(.wheel(1), 0, 0, .control)])
  }

  @Test func reportsWithoutAnEventAreDroppedWholeAndLeakNoKeys() {
    // Horizontal wheel, extra buttons, missing or extra numbers.
    for report in [
      "\u{1B}[<66;1;1M", "\u{1B}[<128;1;1M", "\u{1B}[<0;1M", "\u{1B}[<0;;1M", "\u{1B}[<0;1;1;1M",
      "\u{1B}[<0;1;1X",
    ] {
      #expect(decode(report + "q") == [.key("q")], "\(report.debugDescription)")
    }
  }

  @Test func legacyReportsAreEventsAndTheirRawBytesNeverKeys() {
    // Cb = 32 + button, Cx and Cy = 33 + the 0-based position.
    #expect(decode("\u{1B}[M !!") == [mouse(.press(.left), 0, 0)])
    #expect(decode("\u{1B}[M\"*%") == [mouse(.press(.right), 9, 4)])
    #expect(decode("\u{1B}[M#!!") == [mouse(.release(nil), 0, 0)])
    #expect(decode("\u{1B}[Ma!!q") == [mouse(.wheel(1), 0, 0), .key("q")])
    // A position past column 94 is a byte of 128 or more: still raw, never text.
    var decoder = InputDecoder()
    #expect(
      decoder.decode([0x1B, 0x5B, 0x4D, 0x20, 0xC8, 0x21], at: .zero) == [
        mouse(.press(.left), 167, 0)
      ])
    // Cut short, the report is dropped when the delay passes.
    #expect(decode("\u{1B}[M !") == [])
  }

  @Test func aReportCutAtEveryByteArrivesOnce() {
    for report in ["\u{1B}[<65;80;24M", "\u{1B}[<0;12;5m", "\u{1B}[M !!"] {
      let bytes = Array(report.utf8)
      for cut in 1..<bytes.count {
        var decoder = InputDecoder()
        var events = decoder.decode(bytes[..<cut], at: .zero)
        #expect(events.isEmpty && decoder.deadline != nil)
        events += decoder.decode(bytes[cut...], at: .milliseconds(1))
        #expect(events.count == 1, "\(report.debugDescription) cut at \(cut)")
        #expect(decoder.deadline == nil)
      }
    }
  }
}

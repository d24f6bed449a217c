import ScreenKit
import ScreenKitSimulation
import ScreenKitTerminal
import Testing

/// A screen that keeps every key and mouse event it is sent, as a program's screen gets them.
@MainActor private final class InputRecorder: Screen {
  var events: [InputEvent] = []

  override var canBecomeFocused: Bool { true }

  override func handle(_ key: Key) -> Bool {
    events.append(.key(key))
    return true
  }

  override func handleMouse(_ event: MouseEvent) -> Bool {
    events.append(.mouse(event))
    return true
  }
}

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

  /// What a screen is sent when the terminal's bytes come in `reads`, each at its time on a
  /// virtual clock, through a host whose Escape delay is a timer on that clock (as a program's
  /// loop runs it: it ticks at every deadline, and the last read is followed by a long quiet).
  @MainActor
  private func received(_ reads: [(at: Duration, text: String)]) -> [InputEvent] {
    let clock = VirtualClock()
    let recorder = InputRecorder()
    let host = ScreenHost(
      root: recorder, size: Size(width: 100, height: 30),
      scheduler: Scheduler(clock: ScreenClock(clock)))
    let input = HostInputDecoder(host: host)
    defer {
      input.cancel()
      host.close()
    }
    func runTimers(until time: Duration) {
      while let deadline = host.nextDeadline, deadline <= time {
        clock.advance(to: .init(offset: deadline))
        host.tick()
      }
      clock.advance(to: .init(offset: time))
    }
    _ = host.frame()
    for read in reads {
      runTimers(until: read.at)
      input.deliver(bytes: Array(read.text.utf8), to: host)
    }
    runTimers(until: .seconds(60))
    return recorder.events
  }

  @Test @MainActor func aReportSplitAcrossReadsFurtherApartThanTheEscapeDelayIsStillOneEvent() {
    // Cb Cx Cy = " q5": a left press at column 81, row 21, whose `q` is no key.
    #expect(
      received([(.zero, "\u{1B}[M"), (.milliseconds(200), " q5")])
        == [mouse(.press(.left), 80, 20)])
    #expect(
      received([(.zero, "\u{1B}[M "), (.milliseconds(200), "q"), (.seconds(1), "5")])
        == [mouse(.press(.left), 80, 20)])
    #expect(
      received([(.zero, "\u{1B}[<0;81;5"), (.milliseconds(200), "M")])
        == [mouse(.press(.left), 80, 4)])
    #expect(
      received([(.zero, "\u{1B}[<"), (.milliseconds(200), "0;81;5"), (.seconds(1), "mq")])
        == [mouse(.release(.left), 80, 4), .key("q")])
  }

  @Test @MainActor func bytesThatCannotContinueACutReportAreReadAsUsual() {
    // An SGR report is digits and semicolons up to its `M` or `m`; a legacy report's bytes
    // are never control codes. Whatever else comes drops the cut report and is read itself.
    #expect(received([(.zero, "\u{1B}[<0;81"), (.milliseconds(200), "q")]) == [.key("q")])
    #expect(received([(.zero, "\u{1B}[<0;81;5q")]) == [.key("q")])
    #expect(received([(.zero, "\u{1B}[<0;81;5\u{1B}[A")]) == [.key(.up)])
    #expect(received([(.zero, "\u{1B}[M !"), (.milliseconds(200), "\r")]) == [.key(.enter)])
    #expect(received([(.zero, "\u{1B}[M\u{1B}OB")]) == [.key(.down)])
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
    // Cut short and flushed, the report is dropped.
    #expect(decode("\u{1B}[M !") == [])
  }

  @Test func aReportCutAtEveryByteArrivesOnce() {
    for report in ["\u{1B}[<65;80;24M", "\u{1B}[<0;12;5m", "\u{1B}[M !!"] {
      let bytes = Array(report.utf8)
      for cut in 1..<bytes.count {
        var decoder = InputDecoder()
        var events = decoder.decode(bytes[..<cut], at: .zero)
        // Up to `ESC [` the bytes may still be keys, until the delay says; from `<` or `M` on
        // they are a report, which waits for its rest without a deadline.
        #expect(events.isEmpty && (decoder.deadline != nil) == (cut <= 2), "cut at \(cut)")
        events += decoder.decode(bytes[cut...], at: .milliseconds(1))
        #expect(events.count == 1, "\(report.debugDescription) cut at \(cut)")
        #expect(decoder.deadline == nil)
      }
    }
  }
}

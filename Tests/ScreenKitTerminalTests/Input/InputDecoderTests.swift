import ScreenKit
import ScreenKitTerminal
import Testing

/// The byte decoder, fed the way a terminal delivers input: whole, byte by byte, or cut
/// anywhere.
@Suite struct InputDecoderTests {
  /// Decodes `text`'s bytes in one read and resolves what is left, as after the delay.
  private func decode(_ text: String, sequences: [[UInt8]: Key] = [:]) -> [InputEvent] {
    var decoder = InputDecoder(sequences: sequences)
    return decoder.decode(Array(text.utf8), at: .zero) + decoder.flush()
  }

  private func decode(bytes: [UInt8]) -> [InputEvent] {
    var decoder = InputDecoder()
    return decoder.decode(bytes, at: .zero) + decoder.flush()
  }

  private func keys(_ keys: Key...) -> [InputEvent] { keys.map { .key($0) } }

  @Test func aCharacterSplitAcrossTwoReadsArrivesOnceWhole() {
    var decoder = InputDecoder()
    let bytes = Array("漢".utf8)
    #expect(decoder.decode(bytes[0..<1], at: .zero).isEmpty)
    #expect(decoder.deadline == nil, "a slow writer never turns a character into U+FFFD")
    #expect(decoder.decode(bytes[1...], at: .seconds(3)) == keys("漢"))
    #expect(decoder.deadline == nil)
  }

  /// A sequence cut by the shell's line editor does not swallow the key typed after it.
  ///
  /// Keys typed while the program is stopped sit in the line editor, whose erase can cut
  /// `ESC [ 5 ~` before a `?`; after `fg` that arrives as one read. Once the delay passes, a
  /// later `q` is a key, not the final byte of the cut sequence.
  @Test func aSequenceCutByTheLineEditorDoesNotSwallowTheNextKey() {
    var decoder = InputDecoder()
    let typed = decoder.decode(Array("r\u{1B}[6~\u{1B}OB\u{1B}[5?".utf8), at: .zero)
    #expect(typed.first == .key("r"))
    #expect(decoder.deadline != nil, "an incomplete sequence is resolved after the delay")
    _ = decoder.flush()
    #expect(decoder.decode(Array("q".utf8), at: .seconds(1)) == keys("q"))
  }

  @Test func anInvalidByteBecomesOneReplacementAndSwallowsNothing() {
    #expect(decode(bytes: [0xFF] + Array("abc".utf8)) == keys("\u{FFFD}", "a", "b", "c"))
    #expect(decode(bytes: [0xE6, 0xBC] + Array("q漢".utf8)) == keys("\u{FFFD}", "q", "漢"))
    #expect(decode(bytes: [0xC0, 0xAF, 0x41]) == keys("\u{FFFD}", "\u{FFFD}", "A"))
    #expect(decode(bytes: [0xED, 0xA0, 0x80]) == keys("\u{FFFD}", "\u{FFFD}", "\u{FFFD}"))
  }

  @Test func controlCodesAreKeysAndTheRestAreDropped() {
    #expect(decode("\u{7F}\u{08}\r\n\t") == keys(.backspace, .backspace, .enter, .enter, .tab))
    #expect(decode("\u{01}\u{03}\u{1A}") == keys(.control("a"), .control("c"), .control("z")))
    #expect(
      decode("\u{1C}\u{1D}\u{1E}\u{1F}")
        == keys(.control("\\"), .control("]"), .control("^"), .control("_")))
    #expect(decode("\u{00}\u{85}") == [])
  }

  @Test func escapeBeforeAKeyIsAlt() {
    #expect(
      decode("\u{1B}x\u{1B}é\u{1B}\r\u{1B}\u{7F}")
        == keys(
          .alt("x"), .alt("é"), .alt(.enter), .alt(.backspace)))
    #expect(decode("\u{1B}\u{1B}") == keys(.alt(.escape)))
    #expect(decode("\u{1B}\u{1B}[A") == keys(.alt(.up)))
  }

  @Test func aLoneEscapeWaitsForTheDelayThenIsEscape() {
    var decoder = InputDecoder(escapeDelay: .milliseconds(25))
    #expect(decoder.decode([0x1B], at: .milliseconds(100)).isEmpty)
    #expect(decoder.deadline == .milliseconds(125))
    #expect(decoder.flush() == keys(.escape))
    #expect(decoder.deadline == nil)
    #expect(decoder.decode(Array("\u{1B}[".utf8), at: .zero).isEmpty)
    #expect(decoder.flush() == keys(.alt("[")))
    #expect(decoder.decode(Array("\u{1B}[1;".utf8), at: .zero).isEmpty)
    #expect(decoder.flush() == [], "an incomplete sequence is dropped, never Alt-[ and keys")
  }

  @Test(arguments: [
    ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
    ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
    ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
    ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp),
    ("\u{1B}[6~", .pageDown), ("\u{1B}[Z", .backTab), ("\u{1B}OM", .enter),
    ("\u{1B}OP", .function(1)), ("\u{1B}OS", .function(4)), ("\u{1B}[15~", .function(5)),
    ("\u{1B}[17~", .function(6)), ("\u{1B}[21~", .function(10)), ("\u{1B}[24~", .function(12)),
    ("\u{1B}[34~", .function(20)), ("\u{1B}[[A", .function(1)), ("\u{1B}[[E", .function(5)),
    ("\u{1B}[1;5A", .up), ("\u{1B}[1;2D", .left), ("\u{1B}[1;3B", .alt(.down)),
    ("\u{1B}[3;3~", .alt(.delete)), ("\u{1B}[1;5P", .function(1)), ("\u{1B}[6;9~", .alt(.pageDown)),
  ])
  func escapeSequencesAreKeys(sequence: String, key: Key) {
    #expect(decode(sequence) == keys(key))
  }

  @Test func otherSequencesAreDroppedWholeAndNeverLeakAsKeys() {
    let dropped = [
      "\u{1B}[<64;1;1m", "\u{1B}[?1;2c", "\u{1B}[12;40R", "\u{1B}[99~",
      "\u{1B}]11;rgb:0000/0000/0000\u{07}", "\u{1B}]10;?\u{1B}\\", "\u{1B}P1$r0m\u{1B}\\",
      "\u{1B}_Gi=1;OK\u{1B}\\", "\u{1B}[201~", "\u{1B}O5z",
    ]
    for sequence in dropped {
      #expect(decode(sequence + "k") == keys("k"), "\(sequence.debugDescription)")
    }
  }

  @Test func aControlByteCutsASequenceShortAndIsReadItself() {
    #expect(decode("\u{1B}[1;\u{03}x") == keys(.control("c"), "x"))
    #expect(decode("\u{1B}[1\u{1B}[B") == keys(.down))
  }

  @Test func terminalDescriptionSequencesWinOverTheBuiltInReading() {
    let sequences: [[UInt8]: Key] = [
      Array("\u{1B}[1;2P".utf8): .function(13), Array("\u{1B}A".utf8): .up,
      Array("\u{1B}[@".utf8): .insert, [0x7F]: .delete,
    ]
    #expect(
      decode("\u{1B}[1;2P\u{1B}A\u{1B}[@\u{7F}", sequences: sequences)
        == keys(
          .function(13), .up, .insert, .backspace))
  }

  @Test func aBracketedPasteIsOneEventWithLineBreaksAsNewlines() {
    let events = decode("a\u{1B}[200~q\r\nline\rtwo\ttab\u{07}\u{1B}x\u{1B}[201~b")
    #expect(events == [.key("a"), .paste("q\nline\ntwo\ttabx"), .key("b")])
    #expect(decode("\u{1B}[200~\u{1B}[201~") == [.paste("")])
  }

  @Test func aPasteCutAnywhereWaitsForItsEndWithoutADeadline() {
    let bytes = Array("\u{1B}[200~日本\u{1B}[20語\u{1B}[201~".utf8)
    for cut in 1..<bytes.count {
      var decoder = InputDecoder()
      var events = decoder.decode(bytes[..<cut], at: .zero)
      if cut > 7 && cut < bytes.count - 1 {
        #expect(decoder.isInPaste && decoder.deadline == nil, "cut at \(cut)")
      }
      // NB: a flush, as if the next read came much later, changes nothing inside a paste.
      if decoder.isInPaste { events += decoder.flush() }
      events += decoder.decode(bytes[cut...], at: .zero)
      #expect(events == [.paste("日本[20語")], "cut at \(cut)")
    }
  }

  /// A stop cut the input: the rest of a paste or sequence went to the shell and never comes.
  @Test func anInterruptEndsAPasteWithWhatArrivedAndKeysAreKeysAgain() {
    var decoder = InputDecoder()
    #expect(decoder.decode(Array("\u{1B}[200~cut\u{1B}[20".utf8), at: .zero).isEmpty)
    #expect(decoder.interrupt() == [.paste("cut")])
    #expect(!decoder.isInPaste && decoder.deadline == nil)
    #expect(decoder.decode(Array("q".utf8), at: .seconds(1)) == keys("q"))

    #expect(decoder.decode(Array("\u{1B}[5".utf8), at: .zero).isEmpty)
    #expect(decoder.interrupt().isEmpty, "an incomplete sequence is dropped")
    #expect(decoder.decode(Array("q".utf8), at: .seconds(1)) == keys("q"))

    #expect(decoder.decode(Array("\u{1B}".utf8), at: .zero).isEmpty)
    #expect(decoder.interrupt() == keys(.escape))
    #expect(decoder.interrupt().isEmpty)
  }

  @Test func focusReportsAreFocusEventsNeverKeys() {
    #expect(decode("\u{1B}[I") == [.terminalFocus(true)])
    #expect(decode("\u{1B}[O") == [.terminalFocus(false)])
    #expect(
      decode("a\u{1B}[Ob\u{1B}[I\u{1B}[Ac")
        == [
          .key("a"), .terminalFocus(false), .key("b"), .terminalFocus(true), .key(.up), .key("c"),
        ])
    // An Escape pressed just before is a key of its own; a report takes no Alt.
    #expect(decode("\u{1B}\u{1B}[I") == [.key(.escape), .terminalFocus(true)])
    // SS3 `ESC O I` is no report (it is Tab on the keypad).
    #expect(decode("\u{1B}OI") == keys(.tab))
  }

  @Test func aFocusReportCutBetweenReadsIsHeldUntilItsEnd() {
    let report = Array("\u{1B}[O".utf8)
    for cut in 1..<report.count {
      var decoder = InputDecoder()
      #expect(decoder.decode(Array("x".utf8) + report[..<cut], at: .zero) == keys("x"))
      #expect(decoder.deadline != nil)
      #expect(
        decoder.decode(report[cut...] + Array("y".utf8), at: .milliseconds(10))
          == [.terminalFocus(false), .key("y")])
      #expect(decoder.deadline == nil)
    }
  }

  @Test func aTerminalWhoseDescriptionNamesTheBytesAKeyGetsTheKey() {
    // cons25 sends `ESC [ I` for Page Up and `ESC [ O` for F3; it reports no focus.
    let sequences: [[UInt8]: Key] = [
      Array("\u{1B}[I".utf8): .pageUp, Array("\u{1B}[O".utf8): .function(3),
    ]
    #expect(decode("\u{1B}[I\u{1B}[O", sequences: sequences) == keys(.pageUp, .function(3)))
  }

  @Test func aPasteLongerThanTheLimitArrivesInBoundedPiecesInOrder() {
    var decoder = InputDecoder(maximumPasteLength: 10)
    let text = String(repeating: "漢字ab", count: 5)
    let events = decoder.decode(Array("\u{1B}[200~\(text)\u{1B}[201~".utf8), at: .zero)
    var joined = ""
    for event in events {
      guard case .paste(let piece) = event else {
        Issue.record("not a paste: \(event)")
        continue
      }
      #expect(piece.utf8.count <= 10)
      joined += piece
    }
    #expect(events.count == 5)
    #expect(joined == text)
  }
}

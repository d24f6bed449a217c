import ScreenKit
import ScreenKitSimulation
import ScreenKitTerminal
import Testing

/// Random byte streams decode the same whatever reads cut them.
///
/// The streams mix valid and invalid UTF-8, control codes, escape sequences whole and broken,
/// and pastes up to 1 MiB; cut at random, they decode to the same events as
/// ``ReferenceInputDecoder`` reading the stream whole: nothing lost, added or reordered. A
/// failure names the seed that reproduces it.
@Suite struct InputDecoderPropertyTests {
  private static let sequences: [[UInt8]: Key] = [
    Array("\u{1B}[1;2P".utf8): .function(13), Array("\u{1B}[E".utf8): .home,
    Array("\u{1B}A".utf8): .up,
  ]

  @Test(arguments: 1...40 as ClosedRange<UInt64>)
  func streamsCutAtRandomDecodeLikeTheReference(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let maximumPasteLength = seed % 4 == 0 ? 64 : InputDecoder.defaultMaximumPasteLength
    // Mouse reporting off, and a description naming `ESC [ M` a key (cons25's F1), in turn.
    let reportsMouse = seed % 5 != 1
    var sequences = Self.sequences
    // cons25's description also names `ESC [ O`, a focus report elsewhere, F3.
    if seed % 5 == 2 {
      sequences[Array("\u{1B}[M".utf8)] = .function(1)
      sequences[Array("\u{1B}[O".utf8)] = .function(3)
    }
    let stream = random.inputStream(allowingLargePaste: seed % 20 == 3)
    let reference = ReferenceInputDecoder(
      sequences: sequences, terminalReportsMouse: reportsMouse,
      maximumPasteLength: maximumPasteLength
    ).decode(stream)

    for round in 0..<4 {
      var decoder = InputDecoder(
        sequences: sequences, terminalReportsMouse: reportsMouse,
        maximumPasteLength: maximumPasteLength)
      var events: [InputEvent] = []
      var offset = 0
      var cuts: [Int] = []
      while offset < stream.count {
        let longest = round == 0 ? 1 : [3, 64, 4096][round - 1]
        let end = min(stream.count, offset + 1 + Int(random.next() % UInt64(longest)))
        events += decoder.decode(stream[offset..<end], at: .zero)
        cuts.append(end)
        offset = end
      }
      events += decoder.flush()
      guard events != reference else { continue }
      let first =
        zip(events, reference).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(events.count, reference.count)
      Issue.record(
        """
        seed \(seed), round \(round): \(events.count) events, reference \(reference.count); \
        first difference at \(first): \(events.dropFirst(first).prefix(3)) vs \
        \(reference.dropFirst(first).prefix(3)); stream \(stream.prefix(200))
        """)
      return
    }
  }

  /// Guards the property against passing vacuously: the streams do make every kind of event.
  @Test func generatedStreamsReachEveryKindOfEvent() {
    var kinds: Set<String> = []
    for seed in 1...40 as ClosedRange<UInt64> {
      var random = SeededRandom(seed: seed)
      let events = ReferenceInputDecoder(sequences: Self.sequences).decode(
        random.inputStream(allowingLargePaste: false))
      for event in events {
        switch event {
        case .paste: kinds.insert("paste")
        case .key(.alt): kinds.insert("alt")
        case .key(.character("\u{FFFD}")): kinds.insert("replacement")
        case .key(.character(let c)) where c.unicodeScalars.first!.value > 0x2E80:
          kinds.insert("cjk")
        case .key(.function): kinds.insert("function")
        case .key(.control): kinds.insert("control")
        case .key(.up), .key(.down): kinds.insert("arrow")
        case .key(.escape): kinds.insert("escape")
        case .mouse(let mouse) where mouse.wheelDelta != nil: kinds.insert("wheel")
        case .mouse: kinds.insert("mouse")
        case .terminalFocus: kinds.insert("focus")
        default: break
        }
      }
    }
    #expect(
      kinds == [
        "paste", "alt", "replacement", "cjk", "function", "control", "arrow", "escape",
        "mouse", "wheel", "focus",
      ])
  }
}

extension SeededRandom {
  fileprivate mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int(next() % UInt64(choices.count))]
  }

  /// A stream of pieces of every kind a terminal (or a hostile world) sends.
  fileprivate mutating func inputStream(allowingLargePaste: Bool) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<(20 + Int(next() % 200)) {
      switch next() % 10 {
      case 0: bytes += Array(pick(["hello", "q", " ", "x y z", "~[O"]).utf8)
      case 1: bytes += Array(text(count: 1 + Int(next() % 20)).utf8)
      case 2: bytes += (0..<(1 + next() % 6)).map { _ in UInt8(next() % 0x100) }
      case 3:
        bytes += pick([
          [0xFF], [0xC0, 0xAF], [0xE6, 0xBC], [0xED, 0xA0, 0x80], [0xF0, 0x9F], [0x80, 0x80],
          [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80],
        ])
      case 4: bytes += (0..<(1 + next() % 4)).map { _ in UInt8(next() % 0x20) } + [0x7F]
      case 5, 6:
        bytes += Array(
          pick([
            "\u{1B}[A", "\u{1B}OB", "\u{1B}[1;5C", "\u{1B}[1;3D", "\u{1B}[5~", "\u{1B}[3;3~",
            "\u{1B}[15~", "\u{1B}OP", "\u{1B}[Z", "\u{1B}[[B", "\u{1B}[1;2P", "\u{1B}[E",
            "\u{1B}A", "\u{1B}x", "\u{1B}\u{1B}", "\u{1B}\u{1B}[B", "\u{1B}", "\u{1B}[",
            "\u{1B}O", "\u{1B}[1;", "\u{1B}[<0;12;5M", "\u{1B}[?1;2c", "\u{1B}[<2;1;1m",
            "\u{1B}[<65;80;24M", "\u{1B}[<34;3;4M", "\u{1B}[<66;3;4M", "\u{1B}[<0;;5M",
            "\u{1B}[M !!", "\u{1B}[M#\u{7F}q", "\u{1B}[M@\u{1B}[", "\u{1B}[M",
            "\u{1B}[M\u{0}!!", "\u{1B}[M!\r", "\u{1B}[<0;12", "\u{1B}[<1;2;3X", "\u{1B}[<",
            "\u{1B}]11;rgb:0000/ffff/0000\u{07}", "\u{1B}]10;?\u{1B}\\", "\u{1B}P1$r0m\u{1B}\\",
            "\u{1B}_G;OK\u{1B}\\", "\u{1B}]", "\u{1B}P", "\u{1B}é", "\u{1B}\r", "\u{1B}[201~",
            "\u{1B}[" + String(repeating: "1;", count: 40) + "A", "\u{1B}[I", "\u{1B}[O",
            "\u{1B}\u{1B}[I",
          ]).utf8)
      case 7: bytes += [0x1B] + (0..<(1 + next() % 4)).map { _ in UInt8(next() % 0x100) }
      default:
        var content = Array(text(count: Int(next() % 40)).utf8)
        content += pick([
          [], [0x0D, 0x0A], [0x0D], [0x1B, 0x5B, 0x32, 0x30], [0xE6], [0x09, 0x07],
        ])
        content += Array(text(count: Int(next() % 10)).utf8)
        bytes += Array("\u{1B}[200~".utf8) + content + Array("\u{1B}[201~".utf8)
      }
    }
    if allowingLargePaste {
      let size = 512 * 1024 + Int(next() % (512 * 1024))
      var content: [UInt8] = []
      content.reserveCapacity(size + 8)
      while content.count < size { content += Array(text(count: 64).utf8) + [0x0D] }
      bytes += Array("\u{1B}[200~".utf8) + content + Array("\u{1B}[201~".utf8)
      bytes += Array("after".utf8)
    }
    // NB: an Escape last is read as the Escape key only once the delay has passed.
    if next() % 3 == 0 { bytes.append(0x1B) }
    return bytes
  }

  /// Text mixing ASCII, accented letters, CJK and emoji.
  private mutating func text(count: Int) -> String {
    var text = ""
    for _ in 0..<count {
      let value: UInt32 =
        switch next() % 5 {
        case 0: 0x20 + UInt32(next() % 0x5F)
        case 1: 0xC0 + UInt32(next() % 0x100)
        case 2, 3: 0x4E00 + UInt32(next() % 0x5000)
        default: 0x1F600 + UInt32(next() % 0x40)
        }
      text.unicodeScalars.append(Unicode.Scalar(value) ?? "?")
    }
    return text
  }
}

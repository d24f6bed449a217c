import CNCurses
import ScreenKit
import ScreenKitCurses
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// Random `get_wch` results, valid or not, never crash the decoder or produce a key that would
/// put a control character on the screen.
@Suite struct KeyDecoderFuzzTests {
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func randomInputDecodesToPrintableKeysOrNothing(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    for _ in 0..<2_000 {
      let count = Int(random.next() % 12)
      let inputs = (0..<count).map { _ in random.rawInput() }
      let events = KeyDecoder.decode(inputs, size: Size(width: 80, height: 24))
      #expect(events.count <= max(1, inputs.count), "inputs: \(inputs)")
      for event in events {
        guard case .key(let key) = event else { continue }
        #expect(isDisplayable(key), "key \(key) from \(inputs)")
      }
    }
  }

  @Test func escapeFollowedByAnyKeyInTheSameReadIsAlt() {
    var random = SeededRandom(seed: 9)
    for _ in 0..<500 {
      let input = random.rawInput()
      guard let key = KeyDecoder.key(for: input), key != .escape else { continue }
      let events = KeyDecoder.decode([.character(27), input], size: .zero)
      #expect(events == [.key(.alt(key))], "input \(input)")
    }
  }

  private func isDisplayable(_ key: Key) -> Bool {
    switch key {
    case .character(let character):
      return !character.unicodeScalars.contains {
        $0.properties.generalCategory == .control
      }
    case .alt(let inner):
      return isDisplayable(inner)
    default:
      return true
    }
  }
}

extension SeededRandom {
  /// A `get_wch` result: mostly plausible, sometimes garbage (surrogates, values past
  /// U+10FFFF, unknown or negative key codes).
  fileprivate mutating func rawInput() -> RawInput {
    switch next() % 8 {
    case 0: .character(UInt32(truncatingIfNeeded: next()))
    case 1: .character(UInt32(next() % 0x20))
    case 2: .character(0xD800 + UInt32(next() % 0x800))
    case 3: .keyCode(Int32(truncatingIfNeeded: next()))
    case 4: .keyCode(KEY_MIN + Int32(next() % 400))
    case 5: .character(0x300 + UInt32(next() % 0x70))
    case 6: .character(0x4E00 + UInt32(next() % 0x5000))
    default: .character(0x20 + UInt32(next() % 0x5F))
    }
  }
}

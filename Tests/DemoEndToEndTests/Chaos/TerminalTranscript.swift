#if os(Linux)
  import TerminalProcess

  /// The bytes a program wrote to its terminal, read as a terminal would: which DEC private
  /// modes (alternate screen, cursor visibility, bracketed paste, mouse, cursor keys) it left
  /// set, and whether it drew anything on the main screen after first entering the alternate
  /// one (where it would overwrite the user's shell).
  struct TerminalTranscript {
    /// A DEC private mode a full-screen program turns on and must turn off.
    struct Mode {
      /// The mode's number (`CSI ? n h` / `CSI ? n l`).
      var numbers: [Int]
      /// What it is, for messages.
      var name: String
      /// Whether the mode being on is the program's state (alternate screen, hidden cursor is
      /// the reverse: `l` is the program's state for `?25`).
      var onIsProgramState = true
    }

    /// The modes every ending must leave as the shell had them.
    static let modes = [
      Mode(numbers: [1049, 1047, 47], name: "alternate screen"),
      Mode(numbers: [25], name: "cursor visible", onIsProgramState: false),
      Mode(numbers: [2004], name: "bracketed paste"),
      Mode(numbers: [1000, 1002, 1003, 1005, 1006, 1015], name: "mouse reporting"),
      Mode(numbers: [1], name: "application cursor keys"),
    ]

    /// The bytes.
    let bytes: [UInt8]

    /// The modes left in the program's state at the end, each with where it was last set, as
    /// readable messages; empty when the terminal is as the shell had it.
    func modesLeftSet() -> [String] {
      var last: [Int: (on: Bool, offset: Int)] = [:]
      scan { token, offset in
        if case .privateModes(let numbers, let on) = token {
          for number in numbers { last[number] = (on, offset) }
        }
      }
      var messages: [String] = []
      for mode in Self.modes {
        for number in mode.numbers {
          guard let (on, offset) = last[number], on == mode.onIsProgramState else { continue }
          let sequence = "ESC[?\(number)\(on ? "h" : "l")"
          let state = mode.onIsProgramState ? "left on" : "left off"
          messages.append(
            "\(mode.name) \(state): the last \(sequence) at byte \(offset) was never undone")
        }
      }
      return messages
    }

    /// Text and erasures written on the main screen after the alternate screen was first
    /// entered, each with its offset and an excerpt.
    func drawingOnTheMainScreen() -> [String] {
      var enteredOnce = false
      var alternate = false
      var found: [String] = []
      scan { token, offset in
        switch token {
        case .privateModes(let numbers, let on)
        where numbers.contains(where: [1049, 1047, 47].contains):
          alternate = on
          if on { enteredOnce = true }
        case .text(let range) where enteredOnce && !alternate:
          found.append("text at byte \(offset): \(escapedBytes(bytes[range].prefix(40)))")
        case .erase(let range) where enteredOnce && !alternate:
          found.append("erase at byte \(offset): \(escapedBytes(bytes[range]))")
        default: break
        }
      }
      return found
    }

    /// The last `count` bytes, escaped for a message.
    func tail(_ count: Int = 400) -> String {
      escapedBytes(bytes.suffix(count))
    }

    private enum Token {
      case privateModes([Int], on: Bool)
      case text(Range<Int>)
      case erase(Range<Int>)
      case other
    }

    /// Splits the bytes into escape sequences, controls and runs of text.
    private func scan(_ visit: (Token, Int) -> Void) {
      var index = 0
      while index < bytes.count {
        let start = index
        let byte = bytes[index]
        if byte == 0x1B {
          index += 1
          guard index < bytes.count else { break }
          let kind = bytes[index]
          index += 1
          if kind == UInt8(ascii: "[") {
            // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, one final byte.
            let parameters = index
            while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            let final = bytes[index]
            let body = bytes[parameters..<index]
            index += 1
            if body.first == UInt8(ascii: "?")
              && (final == UInt8(ascii: "h") || final == UInt8(ascii: "l"))
            {
              let numbers = body.dropFirst().split(separator: UInt8(ascii: ";"))
                .compactMap { Int(String(decoding: $0, as: UTF8.self)) }
              visit(.privateModes(numbers, on: final == UInt8(ascii: "h")), start)
            } else if [UInt8(ascii: "J"), UInt8(ascii: "K"), UInt8(ascii: "X")].contains(final) {
              visit(.erase(start..<index), start)
            } else {
              visit(.other, start)
            }
          } else if kind == UInt8(ascii: "]") || kind == UInt8(ascii: "P") {
            // OSC or DCS: up to BEL or ESC \.
            while index < bytes.count, bytes[index] != 0x07, bytes[index] != 0x1B { index += 1 }
            index += index < bytes.count && bytes[index] == 0x1B ? 2 : 1
            visit(.other, start)
          } else if (0x20...0x2F).contains(kind) {
            // ESC ( B and friends: one more byte.
            index += 1
            visit(.other, start)
          } else {
            visit(.other, start)
          }
        } else if byte < 0x20 || byte == 0x7F {
          index += 1
          visit(.other, start)
        } else {
          while index < bytes.count, bytes[index] >= 0x20, bytes[index] != 0x7F { index += 1 }
          visit(.text(start..<index), start)
        }
      }
    }
  }
#endif

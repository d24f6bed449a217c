/// The escape sequences a ``TerminalFrameWriter`` draws with: xterm's, which every terminal
/// emulator in use understands, or those of the terminal's terminfo description (as ncurses
/// reads its own), so that `TERM` decides them rather than ScreenKit.
///
/// An inline region uses relative movement only: it does not know which screen row it is on,
/// and the shell's history above it must never be addressed.
package struct TerminalSequences: Sendable {
  /// To the start of the line (`cr`).
  package var carriageReturn: [UInt8]
  /// Clears from the cursor to the end of the screen (`ed`).
  package var clearToEnd: [UInt8]
  /// Clears from the cursor to the end of the line (`el`).
  package var clearLine: [UInt8]
  /// Right one column (`cuf1`).
  package var right1: [UInt8]
  /// Down one line, scrolling at the bottom (`ind`, a line feed on every ANSI terminal).
  package var lineFeed: [UInt8]
  /// Up `n` lines (`cuu`, or `cuu1` repeated).
  package var up: @Sendable (Int) -> [UInt8]
  /// Right `n` columns (`cuf`, or `cuf1` repeated).
  package var right: @Sendable (Int) -> [UInt8]
  /// To row `row` and column `column` of the screen, both zero-based (`cup`): what a frame
  /// placed on the screen moves with.
  package var cursorAddress: @Sendable (_ row: Int, _ column: Int) -> [UInt8]
  /// To column `n` of the line (`hpa`), when the terminal has it.
  package var column: (@Sendable (Int) -> [UInt8])?
  /// Left one column (`cub1`, a backspace on most terminals).
  package var left1: [UInt8]?
  /// Plain attributes and colours (`sgr0`).
  package var plain: [UInt8]
  /// The attributes a ``Style`` can have, each `nil` where the terminal has none.
  package var bold: [UInt8]?
  package var dim: [UInt8]?
  package var underline: [UInt8]?
  package var reverse: [UInt8]?
  /// A foreground or background colour number (`setaf`, `setab`).
  package var foreground: (@Sendable (Int) -> [UInt8])?
  package var background: (@Sendable (Int) -> [UInt8])?
  /// Hides and shows the cursor (`civis`, `cnorm`).
  package var hideCursor: [UInt8]
  package var showCursor: [UInt8]
  /// Saves and restores the cursor's position (`sc`, `rc`): what a signal's restore goes
  /// back to the region's top with, whatever a frame it cut short left.
  package var saveCursor: [UInt8]
  package var restoreCursor: [UInt8]
  /// The keypad's transmit mode on and off (`smkx`, `rmkx`): the key sequences terminfo lists
  /// are those sent in it.
  package var keypadOn: [UInt8]
  package var keypadOff: [UInt8]
  /// The number of colours the description lists (`colors`).
  package var colors: Int

  /// From the start of the cursor's line to the end of the screen, cleared; the cursor back at
  /// the line's start.
  ///
  /// NB: not `ed` alone: at the screen's top-left it clears the whole screen, which tmux
  /// (`scroll-on-clear`) copies into the scrollback first, a frame left there each time the
  /// region starts on the top row. The line is cleared with `el`, and `ed` starts a column in.
  package var clearBelow: [UInt8] {
    guard !clearLine.isEmpty else { return carriageReturn + clearToEnd }
    return carriageReturn + clearLine + right1 + clearToEnd + carriageReturn
  }

  /// xterm's sequences: what a program without terminfo (over SSH, say) writes with, and what
  /// tests of a frame's bytes expect.
  package static let xterm = TerminalSequences(
    carriageReturn: [13], clearToEnd: Array("\u{1B}[J".utf8), clearLine: Array("\u{1B}[K".utf8),
    right1: Array("\u{1B}[C".utf8), lineFeed: [10],
    up: { controlSequence($0, final: "A") },
    right: { controlSequence($0, final: "C") },
    cursorAddress: { controlSequence($0 + 1, $1 + 1, final: "H") },
    column: { controlSequence($0 + 1, final: "G") },
    left1: [8], plain: Array("\u{1B}(B\u{1B}[m".utf8),
    bold: Array("\u{1B}[1m".utf8), dim: Array("\u{1B}[2m".utf8),
    underline: Array("\u{1B}[4m".utf8), reverse: Array("\u{1B}[7m".utf8),
    foreground: {
      Array("\u{1B}[\($0 < 8 ? "3\($0)" : $0 < 16 ? "9\($0 - 8)" : "38;5;\($0)")m".utf8)
    },
    background: {
      Array("\u{1B}[\($0 < 8 ? "4\($0)" : $0 < 16 ? "10\($0 - 8)" : "48;5;\($0)")m".utf8)
    },
    hideCursor: Array("\u{1B}[?25l".utf8), showCursor: Array("\u{1B}[?12l\u{1B}[?25h".utf8),
    saveCursor: Array("\u{1B}7".utf8), restoreCursor: Array("\u{1B}8".utf8),
    keypadOn: Array("\u{1B}[?1h\u{1B}=".utf8), keypadOff: Array("\u{1B}[?1l\u{1B}>".utf8),
    colors: 256)

  /// `ESC [`, the numbers in decimal separated by `;`, and `final`: a cursor movement.
  ///
  /// NB: made without a string: every frame moves the cursor at least twice, and an
  /// interpolated string and its copy as bytes were a third of what the frame writer cost for
  /// a spinner's frame.
  package static func controlSequence(
    _ first: Int, _ second: Int? = nil, final: Unicode.Scalar
  ) -> [UInt8] {
    var bytes: [UInt8] = [0x1B, 0x5B]
    bytes.reserveCapacity(16)
    appendDecimal(first, to: &bytes)
    if let second {
      bytes.append(0x3B)
      appendDecimal(second, to: &bytes)
    }
    bytes.append(UInt8(ascii: final))
    return bytes
  }

  private static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
    if number < 0 { bytes.append(0x2D) }
    let magnitude = number.magnitude
    var divisor: UInt = 1
    while divisor <= magnitude / 10 { divisor *= 10 }
    while divisor > 0 {
      bytes.append(0x30 + UInt8(magnitude / divisor % 10))
      divisor /= 10
    }
  }
}

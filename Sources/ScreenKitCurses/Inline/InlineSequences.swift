import CNCurses
import ScreenKit

/// The escape sequences an inline region is drawn with, read from the terminal's terminfo
/// description (as ncurses reads its own), so `TERM` decides them rather than ScreenKit.
///
/// Only relative movement is used: the region does not know which screen row it is on, and
/// the shell's history above it must never be addressed.
struct InlineSequences: Sendable {
  /// To the start of the line (`cr`).
  var carriageReturn: [UInt8]
  /// Clears from the cursor to the end of the screen (`ed`).
  var clearToEnd: [UInt8]
  /// Clears from the cursor to the end of the line (`el`).
  var clearLine: [UInt8]
  /// Right one column (`cuf1`).
  var right1: [UInt8]
  /// Down one line, scrolling at the bottom (`ind`, a line feed on every ANSI terminal).
  var lineFeed: [UInt8]
  /// Up `n` lines (`cuu`, or `cuu1` repeated).
  var up: @Sendable (Int) -> [UInt8]
  /// Right `n` columns (`cuf`, or `cuf1` repeated).
  var right: @Sendable (Int) -> [UInt8]
  /// To column `n` of the line (`hpa`), when the terminal has it.
  var column: (@Sendable (Int) -> [UInt8])?
  /// Left one column (`cub1`, a backspace on most terminals).
  var left1: [UInt8]?
  /// Plain attributes and colours (`sgr0`).
  var plain: [UInt8]
  /// The attributes a ``Style`` can have, each `nil` where the terminal has none.
  var bold: [UInt8]?
  var dim: [UInt8]?
  var underline: [UInt8]?
  var reverse: [UInt8]?
  /// A foreground or background colour number (`setaf`, `setab`).
  var foreground: (@Sendable (Int) -> [UInt8])?
  var background: (@Sendable (Int) -> [UInt8])?
  /// Hides and shows the cursor (`civis`, `cnorm`).
  var hideCursor: [UInt8]
  var showCursor: [UInt8]
  /// Saves and restores the cursor's position (`sc`, `rc`): what a signal's restore goes
  /// back to the region's top with, whatever a frame it cut short left.
  var saveCursor: [UInt8]
  var restoreCursor: [UInt8]
  /// The keypad's transmit mode on and off (`smkx`, `rmkx`): the key sequences terminfo lists
  /// are those sent in it.
  var keypadOn: [UInt8]
  var keypadOff: [UInt8]
  /// The number of colours the description lists (`colors`).
  var colors: Int

  /// From the start of the cursor's line to the end of the screen, cleared; the cursor back at
  /// the line's start.
  ///
  /// NB: not `ed` alone: at the screen's top-left it clears the whole screen, which tmux
  /// (`scroll-on-clear`) copies into the scrollback first, a frame left there each time the
  /// region starts on the top row. The line is cleared with `el`, and `ed` starts a column in.
  var clearBelow: [UInt8] {
    guard !clearLine.isEmpty else { return carriageReturn + clearToEnd }
    return carriageReturn + clearLine + right1 + clearToEnd + carriageReturn
  }

  /// The sequences of the description loaded by `sk_terminfo_load`.
  static func current() -> InlineSequences {
    func string(_ name: String) -> [UInt8]? {
      guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
      let bytes = Array(String(cString: value).utf8)
      return bytes.isEmpty ? nil : bytes
    }
    func parameterized(_ name: String) -> (@Sendable (Int) -> [UInt8])? {
      guard let format = tigetstr(name), Int(bitPattern: format) != -1 else { return nil }
      let template = String(cString: format)
      return { count in
        guard let value = sk_tparm1(template, Int32(clamping: count)) else { return [] }
        return Array(String(cString: value).utf8)
      }
    }
    func moves(_ many: String, _ one: String, fallback: [UInt8]) -> @Sendable (Int) -> [UInt8] {
      if let many = parameterized(many) { return many }
      let single = string(one) ?? fallback
      return { count in Array(repeating: single, count: max(0, count)).flatMap { $0 } }
    }
    let colors = Int(tigetnum("colors"))
    return InlineSequences(
      carriageReturn: string("cr") ?? [13],
      clearToEnd: string("ed") ?? [],
      clearLine: string("el") ?? [],
      right1: string("cuf1") ?? Array("\u{1B}[C".utf8),
      lineFeed: string("ind") ?? [10],
      up: moves("cuu", "cuu1", fallback: Array("\u{1B}[A".utf8)),
      right: moves("cuf", "cuf1", fallback: Array("\u{1B}[C".utf8)),
      column: parameterized("hpa"),
      left1: string("cub1"),
      plain: string("sgr0") ?? [],
      bold: string("bold"), dim: string("dim"), underline: string("smul"),
      reverse: string("rev"),
      foreground: parameterized("setaf"), background: parameterized("setab"),
      hideCursor: string("civis") ?? [], showCursor: string("cnorm") ?? [],
      saveCursor: string("sc") ?? [], restoreCursor: string("rc") ?? [],
      keypadOn: string("smkx") ?? [], keypadOff: string("rmkx") ?? [],
      colors: colors > 0 ? colors : 0)
  }

  /// xterm's sequences, for tests of what a frame writes without a terminal.
  static let xterm = InlineSequences(
    carriageReturn: [13], clearToEnd: Array("\u{1B}[J".utf8), clearLine: Array("\u{1B}[K".utf8),
    right1: Array("\u{1B}[C".utf8), lineFeed: [10],
    up: { Array("\u{1B}[\($0)A".utf8) },
    right: { Array("\u{1B}[\($0)C".utf8) }, column: { Array("\u{1B}[\($0 + 1)G".utf8) },
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
}

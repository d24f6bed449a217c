import CNCurses
import ScreenKitTerminal

extension TerminalSequences {
  /// The sequences of the description loaded by `sk_terminfo_load`.
  static func current() -> TerminalSequences {
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
    // NB: every field set from the description: the memberwise initializer is
    // ScreenKitTerminal's own, and xterm's values are only where a field starts.
    var sequences = TerminalSequences.xterm
    sequences.carriageReturn = string("cr") ?? [13]
    sequences.clearToEnd = string("ed") ?? []
    sequences.clearLine = string("el") ?? []
    sequences.right1 = string("cuf1") ?? Array("\u{1B}[C".utf8)
    sequences.lineFeed = string("ind") ?? [10]
    sequences.up = moves("cuu", "cuu1", fallback: Array("\u{1B}[A".utf8))
    sequences.right = moves("cuf", "cuf1", fallback: Array("\u{1B}[C".utf8))
    // NB: `cursorAddress` stays xterm's: an inline region never addresses the screen.
    sequences.column = parameterized("hpa")
    sequences.left1 = string("cub1")
    sequences.plain = string("sgr0") ?? []
    sequences.bold = string("bold")
    sequences.dim = string("dim")
    sequences.underline = string("smul")
    sequences.reverse = string("rev")
    sequences.foreground = parameterized("setaf")
    sequences.background = parameterized("setab")
    sequences.hideCursor = string("civis") ?? []
    sequences.showCursor = string("cnorm") ?? []
    sequences.saveCursor = string("sc") ?? []
    sequences.restoreCursor = string("rc") ?? []
    sequences.keypadOn = string("smkx") ?? []
    sequences.keypadOff = string("rmkx") ?? []
    sequences.colors = colors > 0 ? colors : 0
    return sequences
  }
}

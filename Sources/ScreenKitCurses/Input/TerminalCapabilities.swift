import CNCurses
public import ScreenKit
import ScreenKitTerminal

/// What the terminal description of the current ncurses terminal says about input.
@MainActor
public enum TerminalCapabilities {
  /// The terminfo key capabilities ScreenKit reads, and their keys.
  static let keyNames: [(String, Key)] =
    [
      ("kcuu1", .up), ("kcud1", .down), ("kcub1", .left), ("kcuf1", .right),
      ("khome", .home), ("kend", .end), ("kfnd", .home), ("kslt", .end),
      ("kpp", .pageUp), ("knp", .pageDown), ("kich1", .insert), ("kdch1", .delete),
      ("kbs", .backspace), ("kcbt", .backTab), ("kent", .enter),
    ] + (1...63).map { ("kf\($0)", Key.function($0)) }

  /// The key sequences the current terminal's description lists; call it after `newterm`.
  ///
  /// Given to `InputDecoder(escapeDelay:sequences:maximumPasteLength:)`, they make odd
  /// terminals work and win over the decoder's own reading (xterm's Shift-F1 is F13, as
  /// ncurses has it).
  public static func keySequences() -> [[UInt8]: Key] {
    var sequences: [[UInt8]: Key] = [:]
    // NB: sized once: growing it rehashed every sequence seven times, a third of start-up's
    // terminal setup.
    sequences.reserveCapacity(keyNames.count)
    for (name, key) in keyNames {
      guard let bytes = string(name), bytes.count >= 2 else { continue }
      // NB: the first capability listed for a sequence wins (kcuu1 before kf-keys).
      if sequences[bytes] == nil { sequences[bytes] = key }
    }
    return sequences
  }

  /// The sequence that turns bracketed paste on, when the terminal has it: the `BE`
  /// extended capability, or xterm's own for terminals that speak xterm's protocol but whose
  /// description does not say so.
  public static func bracketedPasteOn(terminalType: String) -> [UInt8]? {
    if let bytes = string("BE") { return bytes }
    guard speaksXtermProtocol(terminalType) else { return nil }
    return Array(TerminalMode.bracketedPaste.onSequence.utf8)
  }

  /// The sequences that turn on reports of button presses, releases and the wheel in the SGR
  /// encoding, when the terminal reports the mouse: its description has xterm's mouse (`XM`
  /// or `kmous`), or it speaks xterm's protocol.
  ///
  /// Only SGR reports are asked for: they carry any column and say which button came up; a
  /// terminal that ignores 1006 sends legacy reports, which the decoder reads too.
  public static func mouseReportingOn(terminalType: String) -> [UInt8]? {
    guard string("XM") != nil || string("kmous") != nil || speaksXtermProtocol(terminalType)
    else { return nil }
    return Array(
      (TerminalMode.mouseButtons.onSequence + TerminalMode.mouseSGREncoding.onSequence).utf8)
  }

  /// The sequence that turns focus reporting on, when the terminal has it: the `fe` extended
  /// capability (ncurses' xterm+focus), or xterm's mode 1004 for terminals that speak xterm's
  /// protocol, whose descriptions mostly predate `fe`.
  ///
  /// Terminals that do not know mode 1004 ignore it, as they ignore any private mode they do
  /// not know; the restore switches it off whatever the terminal is.
  public static func focusReportingOn(terminalType: String) -> [UInt8]? {
    if let bytes = string("fe") { return bytes }
    guard speaksXtermProtocol(terminalType) else { return nil }
    return Array(TerminalMode.focusReporting.onSequence.utf8)
  }

  private static func speaksXtermProtocol(_ terminalType: String) -> Bool {
    let families = [
      "xterm", "tmux", "screen", "rxvt", "alacritty", "foot", "kitty", "wezterm", "vte",
      "gnome", "konsole", "st-", "contour", "ghostty", "mintty",
    ]
    return families.contains { terminalType.hasPrefix($0) }
  }

  /// The bytes of a string capability, or `nil` when the terminal has none.
  private static func string(_ name: String) -> [UInt8]? {
    guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
    let bytes = Array(String(cString: value).utf8)
    return bytes.isEmpty ? nil : bytes
  }
}

import CNCurses
import ScreenKitTerminal

extension CursesTerminal {
  /// What the restorer writes however the process ends: every `TerminalMode` off, then the
  /// terminfo strings that undo a curses session, in the order ncurses' `endwin` sends them;
  /// missing capabilities are skipped.
  static func restoreBytes() -> [UInt8] {
    var bytes = Array(TerminalMode.allOffSequences.utf8)
    for name in ["sgr0", "op", "rmkx", "cnorm", "rmcup"] {
      guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { continue }
      var pointer = UnsafePointer(value)
      while pointer.pointee != 0 {
        bytes.append(UInt8(bitPattern: pointer.pointee))
        pointer += 1
      }
    }
    // NB: without an alternate screen the shell prompt must not land inside the drawing.
    if tigetstr("rmcup").map({ Int(bitPattern: $0) == -1 }) ?? true {
      bytes.append(contentsOf: Array("\r\n".utf8))
    }
    return bytes
  }
}

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Why a terminal session could not start, with ncurses (`CursesTerminal`) or without it
/// (``ANSITerminal``); its description is one line naming the cause.
///
/// A program that cannot get a terminal prints ``description`` to standard error and exits
/// with ``exitCode-type.property`` (2), before anything was written to the terminal; ``exit()`` does both.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file descriptor, standard input or output, is not a terminal.
  case notATerminal(descriptor: Int32)
  /// `TERM` is not set, or empty (ncurses only).
  case terminalTypeUnset
  /// ncurses has no terminfo entry for this `TERM` (ncurses only).
  case unknownTerminalType(String)
  /// The terminal type cannot address the cursor (its terminfo entry has no `cup`, or it is
  /// a hardcopy or generic type, such as `dumb`), so nothing can be drawn full-screen (ncurses
  /// only).
  case noCursorAddressing(String)
  /// Another terminal session (a `CursesTerminal`, a `CursesRestore` or an ``ANSITerminal``)
  /// is open in this process; there is one terminal per process.
  case alreadyOpen
  /// A system call failed while setting up, with its `errno`.
  case systemCall(String, errno: Int32)

  /// The exit status a program reports for any of these: 2, the usage/environment error.
  public static let exitCode: Int32 = 2

  /// The instance's ``exitCode``, for symmetry at the call site.
  public var exitCode: Int32 { Self.exitCode }

  /// One line, naming the cause.
  public var description: String {
    switch self {
    case .notATerminal(let descriptor):
      let name =
        switch descriptor {
        case 0: "standard input (fd 0)"
        case 1: "standard output (fd 1)"
        case 2: "standard error (fd 2)"
        default: "fd \(descriptor)"
        }
      return "\(name) is not a terminal; run the program in a terminal"
    case .terminalTypeUnset:
      return "TERM is not set; set it to your terminal's type, e.g. TERM=xterm-256color"
    case .unknownTerminalType(let type):
      return "unknown terminal type TERM=\(type); no terminfo entry was found for it"
    case .noCursorAddressing(let type):
      return "terminal type TERM=\(type) cannot move the cursor (no cup in its terminfo entry); "
        + "run the program in a full-screen terminal, e.g. TERM=xterm-256color"
    case .alreadyOpen:
      return "a terminal session is already open in this process"
    case .systemCall(let name, let code):
      return "\(name) failed: \(String(cString: strerror(code)))"
    }
  }

  /// Prints ``description`` (prefixed by the program name) to standard error and exits with
  /// ``exitCode-type.property``.
  public func exit() -> Never {
    let program = CommandLine.arguments.first?.split(separator: "/").last.map(String.init)
    var line = Array("\(program ?? "error"): \(description)\n".utf8)
    // NB: stderr (the FILE) is shared mutable state to Swift 6; the descriptor is not.
    _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    systemExit(Self.exitCode)
  }
}

// NB: at file scope these name the C library's functions, which members of the same name hide
// inside the types above; a module-qualified call would name one C library only.
private func systemExit(_ status: Int32) -> Never { exit(status) }

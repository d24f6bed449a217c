#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A terminal's modes (its `termios`), kept as the bytes `tcgetattr` filled in, so two
/// readings compare byte by byte: flags, line discipline, control characters and speeds.
public struct TerminalModes: Hashable, Sendable, CustomStringConvertible {
  /// The `termios` structure's bytes (padding zeroed before `tcgetattr` wrote it).
  public let bytes: [UInt8]

  /// Reads the modes of the terminal on `descriptor`.
  public init(of descriptor: Int32) throws(TerminalProcessError) {
    var modes = termios()
    guard tcgetattr(descriptor, &modes) == 0 else {
      throw .systemCall("tcgetattr", errno: errno)
    }
    bytes = withUnsafeBytes(of: &modes) { Array($0) }
  }

  /// Whether the terminal echoes what is typed (`ECHO`).
  public var echoes: Bool { fields.c_lflag & tcflag_t(ECHO) != 0 }

  /// Whether input is read a line at a time, with line editing (`ICANON`).
  public var isCanonical: Bool { fields.c_lflag & tcflag_t(ICANON) != 0 }

  /// Whether Ctrl-C, Ctrl-\ and Ctrl-Z send signals (`ISIG`).
  public var generatesSignals: Bool { fields.c_lflag & tcflag_t(ISIG) != 0 }

  /// These modes with echo turned on or off.
  public func echoing(_ on: Bool) -> TerminalModes {
    var modes = fields
    if on {
      modes.c_lflag |= tcflag_t(ECHO)
    } else {
      modes.c_lflag &= ~tcflag_t(ECHO)
    }
    return TerminalModes(modes)
  }

  private init(_ modes: termios) {
    var modes = modes
    bytes = withUnsafeBytes(of: &modes) { Array($0) }
  }

  /// Applies these modes to the terminal on `descriptor` at once.
  func apply(to descriptor: Int32) throws(TerminalProcessError) {
    var modes = fields
    guard tcsetattr(descriptor, TCSANOW, &modes) == 0 else {
      throw .systemCall("tcsetattr", errno: errno)
    }
  }

  private var fields: termios {
    var modes = termios()
    withUnsafeMutableBytes(of: &modes) { $0.copyBytes(from: bytes) }
    return modes
  }

  /// The fields that differ from `other`, one `name: other → self` entry each.
  public func differences(from other: TerminalModes) -> [String] {
    let mine = fields
    let theirs = other.fields
    var lines: [String] = []
    func compare(_ name: String, _ old: UInt32, _ new: UInt32) {
      if old != new { lines.append("\(name): \(hex(old)) → \(hex(new))") }
    }
    compare("c_iflag", theirs.c_iflag, mine.c_iflag)
    compare("c_oflag", theirs.c_oflag, mine.c_oflag)
    compare("c_cflag", theirs.c_cflag, mine.c_cflag)
    compare("c_lflag", theirs.c_lflag, mine.c_lflag)
    compare("c_line", UInt32(theirs.c_line), UInt32(mine.c_line))
    compare("c_ispeed", theirs.c_ispeed, mine.c_ispeed)
    compare("c_ospeed", theirs.c_ospeed, mine.c_ospeed)
    let oldControls = withUnsafeBytes(of: theirs.c_cc) { Array($0) }
    let newControls = withUnsafeBytes(of: mine.c_cc) { Array($0) }
    for index in oldControls.indices where oldControls[index] != newControls[index] {
      lines.append("c_cc[\(index)]: \(oldControls[index]) → \(newControls[index])")
    }
    if lines.isEmpty && bytes != other.bytes { lines.append("padding bytes differ") }
    return lines
  }

  /// The four flag words in hexadecimal.
  public var description: String {
    let modes = fields
    return "iflag \(hex(modes.c_iflag)) oflag \(hex(modes.c_oflag)) "
      + "cflag \(hex(modes.c_cflag)) lflag \(hex(modes.c_lflag))"
  }
}

private func hex(_ value: UInt32) -> String {
  "0x" + String(value, radix: 16)
}

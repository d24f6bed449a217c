#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The write end of the self-pipe; a signal handler may only write to a descriptor.
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// The terminal in raw mode on the alternate screen, and one pipe that wakes the loop: a
/// signal writes its number, work posted to the host writes 0.
struct RawTerminal {
  let saved: termios
  let pipeRead: Int32
  let pipeWrite: Int32

  /// Puts standard input in raw mode; `nil` when it is not a terminal.
  init?() {
    var modes = termios()
    guard tcgetattr(0, &modes) == 0 else { return nil }
    saved = modes
    cfmakeraw(&modes)
    tcsetattr(0, TCSANOW, &modes)
    var ends: [Int32] = [-1, -1]
    _ = pipe(&ends)
    (pipeRead, pipeWrite) = (ends[0], ends[1])
    for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    signalPipe = pipeWrite
    for number in [SIGWINCH, SIGINT, SIGTERM] {
      _ = signal(number) { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(signalPipe, &byte, 1)
      }
    }
    // Alternate screen, hidden cursor, bracketed paste, clicks and the wheel in SGR form.
    send("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h")
  }

  /// Leaves the alternate screen and gives the terminal back as it was, mouse reporting off.
  func restore() {
    send("\u{1B}[0m\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l")
    var modes = saved
    tcsetattr(0, TCSANOW, &modes)
  }

  /// The terminal's size; 80×24 when it does not say.
  var size: (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// A closure for the host to call from any thread when work was posted.
  var wake: @Sendable () -> Void {
    { [pipeWrite] in
      var byte: UInt8 = 0
      _ = write(pipeWrite, &byte, 1)
    }
  }

  /// The signal numbers (and zeros for wakes) written since the last call.
  func pendingSignals() -> [Int32] {
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(pipeRead, &bytes, bytes.count)
    return count > 0 ? bytes[..<count].map { Int32($0) } : []
  }

  /// Writes `text` to the terminal whole.
  func send(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }
}

import CNCurses
import ScreenKit
import ScreenKitTerminal

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The accessible mode's display (`CursesTerminal.Options.accessible`): lines appended to the
/// terminal, never a grid.
///
/// No alternate screen, no cursor addressing, no redraw, no colour: after each frame the
/// focused screen's semantics are said as `SemanticsAnnouncer` words them, one line per
/// change, and printed lines are written at once, in order. The cursor stays shown, at the
/// end of the last line, where a screen reader and a braille display look. Input is read as
/// in the other sessions (no echo, no line editing, keys decoded by an `InputDecoder`), so
/// every key works as it does on the grid; Ctrl-C and the other signals restore the terminal
/// the same way. One key is the mode's own: Ctrl-L, which redraws a grid, says the focused
/// screen whole again, its item with position and detail ("where am I"), as a move says the
/// item's label alone.
@MainActor
final class AccessibleDisplay: Display {
  private let options: CursesTerminal.Options
  private let stage: Stage
  private let restorer: TerminalRestorer
  private var reader: TerminalReader
  private var sessionModes: termios
  private var announcer = SemanticsAnnouncer()
  private var terminalSize: Size
  private var isOpen = true

  /// Opens the accessible mode on `options`' descriptors for `stage`; `nil` when the output
  /// is not a terminal or `TERM` is unset or `dumb`: those keep their plain-text output.
  ///
  /// - Throws: `TerminalError.alreadyOpen` while another session is open, or a failed
  ///   system call; nothing was written then.
  init?(options: CursesTerminal.Options, stage: Stage) throws(TerminalError) {
    let output = options.outputDescriptor
    guard isatty(output) != 0,
      let type = options.terminalType ?? Environment.value("TERM"), !type.isEmpty, type != "dumb"
    else { return nil }
    var modes = termios()
    guard tcgetattr(output, &modes) == 0 else { throw .systemCall("tcgetattr", errno: errno) }
    do throws(RestoreFailure) {
      restorer = try TerminalRestorer(descriptor: output, modes: modes)
    } catch {
      switch error {
      case .alreadyInstalled: throw .alreadyOpen
      case .systemCall(let name, let code): throw .systemCall(name, errno: code)
      }
    }
    self.options = options
    self.stage = stage
    reader = TerminalReader(descriptor: options.inputDescriptor)
    // NB: no echo and no line editing, as the other sessions, so keys arrive one by one;
    // output processing stays on, so a line feed starts a new line, as a tool's output does.
    sessionModes = modes
    sessionModes.c_lflag &= ~tcflag_t(ICANON | ECHO)
    if !options.keysSendSignals {
      sessionModes.c_lflag &= ~tcflag_t(ISIG)
      sessionModes.c_iflag &= ~tcflag_t(IXON)
    }
    sessionModes.c_iflag &= ~tcflag_t(ICRNL)
    terminalSize = Self.windowSize(of: output)
    _ = restorer.beginFrame()
    restorer.prepare(bytes: Array(TerminalMode.allOffSequences.utf8))
    _ = tcsetattr(output, TCSANOW, &sessionModes)
    restorer.protect()
    restorer.endFrame()
  }

  var size: Size { terminalSize }
  var presentation: Presentation { options.presentation }
  var inputDescriptor: Int32? {
    isatty(options.inputDescriptor) != 0 ? options.inputDescriptor : nil
  }
  var eventDescriptor: Int32? { restorer.eventDescriptor }
  var hasPendingLines: Bool { false }
  var origin: Point? { nil }

  func makeDecoder(escapeDelay: Duration) -> InputDecoder {
    InputDecoder(escapeDelay: escapeDelay, terminalReportsMouse: false)
  }

  func readInput() -> TerminalInput { reader.readInput(for: restorer) }
  func drainEvents() -> [TerminalRestorer.Event] { restorer.drainEvents() }

  /// Says the focused screen whole again: the shell wrote its lines meanwhile.
  func resume() {
    announcer.reset()
  }

  func updateSize() -> Size {
    terminalSize = Self.windowSize(of: options.outputDescriptor)
    return terminalSize
  }

  func setHeight(_ height: Int) -> Size? { nil }

  /// Ctrl-L says where the user is: the focused screen whole, as when it appeared.
  func answers(_ event: InputEvent) -> Bool {
    guard event == .key(SemanticsAnnouncer.whereAmIKey) else { return false }
    announcer.reset()
    write(announcer.lines(after: stage))
    return true
  }

  /// Writes what the frame changed of the focused screen's semantics, as lines; the grid
  /// itself is never shown.
  func draw(_ changes: FrameChanges, of grid: CellGrid) {
    if restorer.beginFrame() {
      _ = tcsetattr(options.outputDescriptor, TCSAFLUSH, &sessionModes)
    }
    write(announcer.lines(after: stage))
    restorer.endFrame()
  }

  /// Writes `lines` at once, in words: the mode has no region to keep them above.
  func print(_ lines: [PrintedLine]) {
    write(lines.map { SemanticsAnnouncer.words($0.text) })
  }

  func close() {
    guard isOpen else { return }
    isOpen = false
    restorer.finish()
  }

  private func write(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    var bytes: [UInt8] = []
    for line in lines {
      bytes += line.utf8
      bytes.append(10)
    }
    DescriptorOutput.writeAll(bytes, to: options.outputDescriptor)
  }

  private static func windowSize(of descriptor: Int32) -> Size {
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard sk_window_size(descriptor, &rows, &columns) == 0, rows > 0, columns > 0 else {
      return Size(width: 80, height: 24)
    }
    return Size(width: Int(columns), height: Int(rows))
  }
}

import CTerminalSession
public import ScreenKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A terminal for a program that writes ANSI escape codes itself, without ncurses: raw mode,
/// the alternate screen with the cursor hidden and the ``TerminalMode``s asked for, put back
/// exactly as it was by ``close()`` or however else the process ends.
///
/// Raw mode delivers Ctrl-C, Ctrl-\ and Ctrl-Z as bytes (3, 28 and 26), not as signals: the
/// program decides what they do. Every catchable signal whose default action ends the process
/// restores the terminal and ends the process with that same signal; a signal the program
/// already ignores (SIGHUP under `nohup`, SIGPIPE) or handles keeps its disposition. SIGTSTP
/// restores and stops, after the frame being written; the continue sets the terminal up again
/// (``Event/continued``). Deaths no handler sees (SIGKILL) are restored by a guardian process,
/// and what the program writes to standard error while the session covers the terminal is
/// shown on the main screen after it. A terminal that hung up, or input at its end, is
/// ``TerminalInput/ended`` from ``readInput()``: the program should end.
///
/// There is one session per process, this or an ncurses one, touched only from the main actor.
/// Opening fails with an ``TerminalError`` before anything is written.
@MainActor
public final class ANSITerminal {
  /// How a session is opened.
  public struct Options: Sendable {
    /// The terminal's input, standard input by default.
    public var inputDescriptor: Int32 = 0
    /// The terminal's output, standard output by default.
    public var outputDescriptor: Int32 = 1
    /// The modes to switch on besides the alternate screen and the hidden cursor; none by
    /// default.
    public var modes: [TerminalMode] = []

    /// Options for standard input and output, no modes.
    public init() {}
  }

  /// What happened to the terminal since the last ``events()``.
  public enum Event: Hashable, Sendable {
    /// The terminal changed size: lay out at ``ANSITerminal/size`` and draw everything again.
    case resized
    /// The process was stopped and continued: the terminal is set up again, blank, so
    /// everything must be drawn again.
    case continued
  }

  /// The descriptors and modes the session was opened with.
  public let options: Options

  private let restorer: TerminalRestorer
  private var reader: TerminalReader
  /// A copy of the output descriptor for frames: a signal that ends the process silences it
  /// before the restore, so a frame cannot land on the shell's screen.
  private let frameDescriptor: Int32
  /// The terminal modes of the session: raw.
  private var rawModes: termios
  /// The bytes that set the terminal up: alternate screen, hidden cursor, the modes.
  private let setUpBytes: [UInt8]
  private var isOpen = true

  /// Leaves the alternate screen with plain attributes and a visible cursor.
  private static let leaveSequences = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// Opens a session: checks the descriptors, then sets the terminal up.
  public init(options: Options = Options()) throws(TerminalError) {
    for descriptor in [options.outputDescriptor, options.inputDescriptor]
    where isatty(descriptor) == 0 {
      throw .notATerminal(descriptor: descriptor)
    }
    var modes = termios()
    guard tcgetattr(options.outputDescriptor, &modes) == 0 else {
      throw .systemCall("tcgetattr", errno: errno)
    }
    let restorer: TerminalRestorer
    do throws(RestoreFailure) {
      restorer = try TerminalRestorer(descriptor: options.outputDescriptor, modes: modes)
    } catch {
      switch error {
      case .alreadyInstalled: throw .alreadyOpen
      case .systemCall(let name, let code): throw .systemCall(name, errno: code)
      }
    }
    // NB: the set-up is a frame too: a stop meanwhile waits for its end, when the bytes that
    // undo it are ready, instead of the rest landing on the shell's screen after `fg`.
    _ = restorer.beginFrame()
    let frameDescriptor = fcntl(options.outputDescriptor, F_DUPFD_CLOEXEC, 0)
    guard frameDescriptor >= 0 else {
      let code = errno
      restorer.endFrame()
      restorer.uninstall()
      throw .systemCall("fcntl", errno: code)
    }
    restorer.prepare(bytes: Array((TerminalMode.allOffSequences + Self.leaveSequences).utf8))
    self.options = options
    self.restorer = restorer
    self.frameDescriptor = frameDescriptor
    reader = TerminalReader(descriptor: options.inputDescriptor)
    rawModes = modes
    cfmakeraw(&rawModes)
    let modesOn = options.modes.map(\.onSequence).joined()
    setUpBytes = Array(("\u{1B}[?1049h\u{1B}[?25l" + modesOn).utf8)
    _ = tcsetattr(options.outputDescriptor, TCSANOW, &rawModes)
    DescriptorOutput.writeAll(setUpBytes, to: frameDescriptor)
    restorer.divert(frameDescriptor)
    restorer.protect()
    restorer.endFrame()
  }

  /// The terminal's size in cells; 80 by 24 when it does not say.
  public var size: Size {
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard sk_window_size(options.outputDescriptor, &rows, &columns) == 0, rows > 0, columns > 0
    else { return Size(width: 80, height: 24) }
    return Size(width: Int(columns), height: Int(rows))
  }

  /// The descriptor that becomes readable when ``events()`` has something: `poll` it beside
  /// the input.
  public var eventDescriptor: Int32 { restorer.eventDescriptor }

  /// What happened to the terminal since the last call, each kind once; after a continue the
  /// terminal is already set up again.
  public func events() -> [Event] {
    let events = restorer.drainEvents().map { $0 == .resized ? Event.resized : .continued }
    if events.contains(.continued) { write("") }
    return events
  }

  /// Reads what the terminal sent, with one `read(2)` of at most 16 KiB, without blocking.
  ///
  /// From a stop until the terminal is set up again after the continue, the terminal is the
  /// shell's: what is read then was typed to the shell and is dropped.
  public func readInput() -> TerminalInput {
    reader.readInput(for: restorer)
  }

  /// Writes `text` (a frame: escape codes and characters) whole.
  ///
  /// A stop arriving meanwhile waits until it is written, so no part of it lands on the shell's
  /// screen; the first write after a continue sets the terminal up again first.
  public func write(_ text: String) {
    write(Array(text.utf8))
  }

  /// Writes `bytes` (a frame: what a ``TerminalFrameWriter`` wrote, say) whole, as
  /// ``write(_:)-(String)`` does.
  public func write(_ bytes: [UInt8]) {
    if restorer.beginFrame() { setUpAgain() }
    DescriptorOutput.writeAll(bytes, to: frameDescriptor)
    restorer.endFrame()
  }

  /// Ends the session and puts the terminal back as it was; calling it again does nothing.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    restorer.divert(nil)
    _ = systemClose(frameDescriptor)
    DescriptorOutput.writeAll(Array(Self.leaveSequences.utf8), to: options.outputDescriptor)
    restorer.finish()
  }

  /// Takes the terminal back after a continue: raw mode again, dropping in the same step what
  /// was typed while it was the shell's (`TCSAFLUSH`), then the set-up sequences.
  private func setUpAgain() {
    _ = tcsetattr(options.outputDescriptor, TCSAFLUSH, &rawModes)
    var input = stat()
    var output = stat()
    if fstat(options.inputDescriptor, &input) == 0, fstat(options.outputDescriptor, &output) == 0,
      input.st_rdev != output.st_rdev
    {
      _ = tcflush(options.inputDescriptor, TCIFLUSH)
    }
    DescriptorOutput.writeAll(setUpBytes, to: frameDescriptor)
  }
}

// NB: at file scope this names the C library's function, which the session's method of the
// same name hides; a module-qualified call would name one C library only.
private func systemClose(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}

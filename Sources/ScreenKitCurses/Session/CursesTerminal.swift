public import CNCurses
public import ScreenKit
public import ScreenKitTerminal

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An ncurses session on a terminal: set up with `newterm` on the given file descriptors and
/// put back exactly as it was by ``close()``, by a signal, or by a crash.
///
/// Modes: cbreak rather than raw, so Ctrl-C (SIGINT), Ctrl-\ (SIGQUIT) and Ctrl-Z (SIGTSTP)
/// keep working even when the program hangs: Ctrl-C and Ctrl-\ restore the terminal and end
/// the program with that signal as its exit status, Ctrl-Z restores and stops, and `fg`
/// redraws. Also noecho, nonl, keypad, a hidden cursor, the alternate screen (ncurses sends
/// `smcup`/`rmcup`), bracketed paste where the terminal has it, mouse reporting (buttons and
/// the wheel, SGR encoding) where it has that, unless `Options.mouse` is off, and focus
/// reporting where it has that, unless `Options.focusReporting` is off.
///
/// Input is read with `read(2)` (``readInput()``) and decoded by an `InputDecoder`, never
/// by ncurses, which is told not to look at it (`typeahead(-1)`), so a frame is always
/// written whole, however fast keys arrive.
///
/// Whatever ends the process (a signal, a crash, SIGKILL) puts the terminal back too, see
/// `TerminalMode` (in ScreenKitTerminal) for the modes that are switched off; and what the
/// program writes to standard error while the session covers the screen is shown on the main
/// screen afterwards.
/// Only `LC_CTYPE` of the locale is set (from the environment, or C.UTF-8 when that is not
/// UTF-8): numbers and dates stay as the host program chose.
///
/// There is one session per process, touched only from the main actor. Opening fails with a
/// ``TerminalError`` before anything is written when a descriptor is not a terminal or
/// `TERM` is unset, unknown or cannot address the cursor; programs print it and exit with
/// `TerminalError.exitCode` (2).
@MainActor
public final class CursesTerminal {
  /// How a session is opened.
  public struct Options: Sendable {
    /// The terminal's input, standard input by default.
    public var inputDescriptor: Int32 = 0
    /// The terminal's output, standard output by default.
    public var outputDescriptor: Int32 = 1
    /// The terminal type, or `nil` to read `TERM`.
    public var terminalType: String?
    /// How long an Escape waits for the rest of a key sequence before it is the Escape key.
    public var escapeDelay: Duration = .milliseconds(25)
    /// The most colours to use; the terminal's own depth and `NO_COLOR` can only lower it.
    public var colorDepth: ColorDepth = .direct
    /// Whether the terminal reports mouse buttons and the wheel, where it can; with `false`
    /// the mouse stays the terminal's own (selecting text, scrolling its history).
    ///
    /// An inline region places the reports with the terminal's answer to a cursor position
    /// request: a terminal that has answered none 1 s after the first gets its mouse back.
    public var mouse = true
    /// Whether the terminal reports gaining and losing the user's focus
    /// (`InputEvent.terminalFocus`), where it can: its description has `fe`, or it speaks
    /// xterm's protocol (xterm, tmux with `focus-events on`, most terminals of today).
    ///
    /// Loads read it for `LoadOptions.refreshOnFocus` and `refreshesWhileUnfocused`; without
    /// it the terminal always counts as focused.
    public var focusReporting = true
    /// Where the hierarchy is shown: the whole terminal by default, or a region at the cursor;
    /// the screens read it from their environment.
    public var presentation: Presentation = .fullScreen
    /// Whether Ctrl-C, Ctrl-\ and Ctrl-Z send SIGINT, SIGQUIT and SIGTSTP, as the terminal
    /// does by default (the session is put back, and the program ends or stops as any
    /// would); with `false` they arrive as keys (`.control("c")`, `.control("\\")`,
    /// `.control("z")`), as an editor or a picker wants them, with Ctrl-S and Ctrl-Q (no flow
    /// control), and the program must give the user its own way out.
    public var keysSendSignals = true
    /// Whether the terminal's cursor shows where it rests on the focused element (a list's
    /// selected row, a focused button, the error's `[r] Retry`), not only at a text field's
    /// insertion point; `false` by default.
    ///
    /// After every frame the cursor rests on the focused element either way, hidden or not,
    /// so that screen readers and braille displays, which follow the cursor, follow the focus.
    public var showsFocusCursor = false
    /// Whether the session is the accessible mode: lines appended to the terminal, never a
    /// grid; `true` by default when ``accessibleEnvironmentVariable`` is `1` in the
    /// environment.
    ///
    /// No alternate screen, no cursor addressing, no redraw, no box-drawing or Braille glyph:
    /// after each frame the focused screen's semantics (`Screen.semantics`) are written as a
    /// line when they changed: a screen that appears says its title, role and focused item,
    /// a key that moves the selection says the new item only, a load says it is loading once
    /// and then what came. Keys work as on the grid, and the cursor is shown. The output must
    /// be a terminal whose `TERM` is set and not `dumb`; otherwise the session is what it is
    /// without the option (a pipe or `TERM=dumb` keep their plain text, or their error).
    public var accessible = Options.isAccessibleRequested

    /// The environment variable a user sets once to have every ScreenKit program start in
    /// the accessible mode: `SCREENKIT_ACCESSIBLE=1`.
    public static let accessibleEnvironmentVariable = SemanticsAnnouncer.environmentVariable

    /// Whether the environment asks for the accessible mode: ``accessibleEnvironmentVariable``
    /// is `1`, `true` or `yes`.
    public static var isAccessibleRequested: Bool {
      SemanticsAnnouncer.isRequested(by: Environment.value(accessibleEnvironmentVariable))
    }

    /// Options for standard input and output and `TERM`.
    public init() {}
  }

  /// The ncurses standard screen, which the session draws into.
  public let window: UnsafeMutablePointer<WINDOW>
  /// The colours of this session.
  public let palette: CursesPalette
  /// The descriptors the session was opened on.
  public let options: Options
  /// The key sequences the terminal's description lists, for the input decoder.
  public let keySequences: [[UInt8]: Key]
  /// Whether the session asks the terminal to report the mouse (``Options/mouse`` is on and
  /// the terminal can), for the input decoder's `terminalReportsMouse`.
  public let reportsMouse: Bool

  private let screen: OpaquePointer
  private let output: UnsafeMutablePointer<FILE>
  private let input: UnsafeMutablePointer<FILE>
  private let restore: CursesRestore
  private var isOpen = true
  /// The bytes that turn bracketed paste, mouse and focus reporting on, as far as the terminal
  /// and the options want them.
  private let modesOn: [UInt8]
  /// Whether the next frame must turn the modes ncurses does not own (bracketed paste, mouse
  /// and focus reporting) on: the first frame, and the first after a continue.
  private var needsModesOn = true
  private var reader: TerminalReader
  /// Whether the terminal's cursor is shown (`curs_set(1)`); hidden from the start.
  private var isCursorShown = false

  private static var isSessionOpen = false

  /// Opens a session: checks the descriptors and `TERM`, then sets the terminal up.
  public init(options: Options = Options()) throws(TerminalError) {
    guard !CursesTerminal.isSessionOpen else { throw .alreadyOpen }
    for descriptor in [options.outputDescriptor, options.inputDescriptor]
    where isatty(descriptor) == 0 {
      throw .notATerminal(descriptor: descriptor)
    }
    guard let type = options.terminalType ?? Environment.value("TERM"), !type.isEmpty else {
      throw .terminalTypeUnset
    }
    switch sk_terminal_check(type, options.outputDescriptor) {
    case Int32(SK_TERMINAL_USABLE): break
    case Int32(SK_TERMINAL_NO_CURSOR_ADDRESSING): throw .noCursorAddressing(type)
    default: throw .unknownTerminalType(type)
    }
    CursesTerminal.useUTF8Locale()

    // NB: the handlers go in before newterm, so ncurses sees custom dispositions and does not
    // install its own (which would exit with the wrong status, from a non-async-safe path).
    let restore = try CursesRestore(descriptor: options.outputDescriptor)
    // NB: start-up writes (smcup, smkx, civis) are a frame too: a stop meanwhile waits for
    // its end, when the bytes that undo them are ready, instead of the rest landing on the
    // shell's screen after `fg`.
    _ = restore.beginFrame()
    let outputCopy = dup(options.outputDescriptor)
    let inputCopy = dup(options.inputDescriptor)
    guard outputCopy >= 0, inputCopy >= 0,
      let output = fdopen(outputCopy, "w"), let input = fdopen(inputCopy, "r")
    else {
      let code = errno
      restore.endFrame()
      restore.uninstall()
      throw .systemCall("dup", errno: code)
    }
    guard let screen = newterm(type, output, input) else {
      fclose(output)
      fclose(input)
      restore.endFrame()
      restore.uninstall()
      throw .unknownTerminalType(type)
    }
    self.options = options
    self.screen = screen
    self.output = output
    self.input = input
    self.restore = restore
    reader = TerminalReader(descriptor: options.inputDescriptor)
    // NB: ncurses writes smcup, smkx and civis at its first flush (keypad, curs_set); a signal
    // from then on must find the bytes that undo them ready, or it restores the modes alone.
    restore.cursesStarted(output: fileno(output))
    guard let window = sk_stdscr() else {
      preconditionFailure("ncurses: newterm succeeded without a standard screen")
    }
    self.window = window

    if options.keysSendSignals { cbreak() } else { raw() }
    noecho()
    nonl()
    intrflush(window, false)
    // NB: keypad makes ncurses send smkx; the keys themselves are decoded by ScreenKit.
    // typeahead(-1) stops ncurses from peeking at the input during doupdate and abandoning a
    // frame half-written while keys are pending.
    keypad(window, true)
    nodelay(window, true)
    typeahead(-1)
    keySequences = TerminalCapabilities.keySequences()
    let mouseOn = options.mouse ? TerminalCapabilities.mouseReportingOn(terminalType: type) : nil
    reportsMouse = mouseOn != nil
    let focusOn =
      options.focusReporting ? TerminalCapabilities.focusReportingOn(terminalType: type) : nil
    modesOn =
      (TerminalCapabilities.bracketedPasteOn(terminalType: type) ?? []) + (mouseOn ?? [])
      + (focusOn ?? [])
    _ = curs_set(0)
    set_escdelay(Int32(clamping: options.escapeDelay.saturatingCount(of: .milliseconds(1))))

    var depth = ColorDepth(
      colors: 0, hasColors: has_colors(), noColor: Environment.value("NO_COLOR"))
    var hasDefaultColors = false
    if has_colors() && depth == .monochrome && (Environment.value("NO_COLOR") ?? "").isEmpty
      && start_color() == OK
    {
      hasDefaultColors = use_default_colors() == OK
      depth = min(options.colorDepth, ColorDepth(colors: Int(sk_colors())))
    }
    palette = CursesPalette(
      depth: depth, pairs: Int(sk_color_pairs()), hasDefaultColors: hasDefaultColors)
    CursesTerminal.isSessionOpen = true
    restore.endFrame()
  }

  /// Turns bracketed paste, mouse and focus reporting on (the restore turns them off).
  ///
  /// Only inside a frame, after `doupdate` flushed: a stop then waits for the frame's end, so
  /// a mode is never switched on behind a restore.
  private func enableModes() {
    guard !modesOn.isEmpty else { return }
    // NB: ncurses' descriptor, which a signal that ends the process silences.
    DescriptorOutput.writeAll(modesOn, to: fileno(output))
  }

  /// The terminal's size in cells.
  public var size: Size {
    Size(width: Int(sk_getmaxx(window)), height: Int(sk_getmaxy(window)))
  }

  /// The descriptor that becomes readable when a signal (resize, continue) needs handling.
  var signalDescriptor: Int32 { restore.eventDescriptor }

  /// Reads the signal events reported since the last call.
  func drainSignalEvents() -> [TerminalRestorer.Event] { restore.restorer.drainEvents() }

  /// Reads what the terminal sent, with one `read(2)` of at most 16 KiB, without blocking.
  ///
  /// End of file and a hung-up terminal (`EIO`, `ENXIO`, or any other error) are
  /// `TerminalInput.ended`: the program should end, as nothing more can be read.
  ///
  /// From a stop (Ctrl-Z) until the first frame after the continue, the terminal is the shell's:
  /// what is read then was typed to the shell (echoed and line-edited by it) and is dropped.
  public func readInput() -> TerminalInput {
    reader.readInput(for: restore.restorer)
  }

  /// Asks the operating system for the terminal's size and resizes ncurses to it; returns
  /// the new size.
  @discardableResult
  public func updateSize() -> Size {
    restore.resizeToTerminal()
    return size
  }

  /// Sets the terminal up again after the process was stopped and continued.
  public func resume() {
    // NB: nothing is written here, outside a frame: the next frame sets the terminal up again
    // (see update()), so a second stop cannot come between a mode switched on and its restore.
    clearok(sk_curscr(), true)
  }

  /// Sends every pending change to the terminal: the one `doupdate` of a frame.
  ///
  /// A stop (Ctrl-Z) arriving meanwhile waits until the frame is written, so no part of it
  /// lands on the shell's screen; after a continue the next frame sets the terminal up again
  /// and repaints everything.
  ///
  /// With `showingCursor`, the terminal's cursor is shown after the frame, where the last
  /// window refreshed left its cursor (`wmove`, or `CursesCanvasWriter`'s `cursor`); without,
  /// it is hidden before, as the session starts. Ending the session shows it again.
  public func update(showingCursor: Bool = false) {
    if restore.beginFrame() { needsModesOn = true }
    // NB: curs_set writes at once, so it is inside the frame, where a stop waits for it; the
    // cursor goes before the frame is drawn and comes once it is, at its place.
    if !showingCursor, isCursorShown {
      _ = curs_set(0)
      isCursorShown = false
    }
    doupdate()
    if showingCursor, !isCursorShown {
      _ = curs_set(1)
      isCursorShown = true
    }
    if needsModesOn {
      needsModesOn = false
      enableModes()
    }
    restore.endFrame()
  }

  /// Ends the session and puts the terminal back as it was; calling it again does nothing.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    endwin()
    restore.close()
    delscreen(screen)
    fclose(output)
    fclose(input)
    CursesTerminal.isSessionOpen = false
  }

  /// Selects the environment's character type so ncursesw reads and writes UTF-8.
  ///
  /// Falls back to C.UTF-8 when the environment names a locale that is not UTF-8. Only
  /// LC_CTYPE: the other categories (numbers, dates, collation) belong to the host program.
  static func useUTF8Locale() {
    setlocale(LC_CTYPE, "")
    let codeset = nl_langinfo(Int32(CODESET)).map { String(cString: $0) } ?? ""
    if String(codeset.uppercased().filter { $0 != "-" }) != "UTF8" {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
  }
}

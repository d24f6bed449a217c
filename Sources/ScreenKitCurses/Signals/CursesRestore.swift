import CNCurses
public import ScreenKitTerminal

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Puts the terminal back however an ncurses program ends, for a program that calls `initscr`
/// or `newterm` itself; ``CursesTerminal`` opens one for its own sessions.
///
/// Made before `initscr`, it saves the terminal's modes and installs the handlers (ncurses then
/// installs none of its own); ``cursesStarted(output:)`` records what undoes ncurses' set-up.
/// From then on every catchable signal whose default action ends the process restores the
/// terminal (its modes, the main screen, the cursor, the attributes, every `TerminalMode` off)
/// and ends the process with that signal; `exit()`, a crash and SIGKILL (through a guardian
/// process) restore too, and what the program writes to standard error meanwhile is shown
/// after. A signal the program already ignores or handles keeps its disposition. Ctrl-Z
/// restores and stops; after `fg`, ``events()`` sets ncurses up again and repaints the screen.
/// ``close()`` puts the signal dispositions back: nothing is installed unless the program
/// makes one.
///
/// ```swift
/// let restore = try CursesRestore()   // before initscr
/// initscr()
/// restore.cursesStarted()
/// // in the program's loop:
/// poll([stdin, restore.eventDescriptor], timeout: -1)
/// restore.events()    // resizes ncurses (KEY_RESIZE), or sets it up again after fg
/// restore.update()    // doupdate: a Ctrl-Z meanwhile waits for its end
/// // at the end:
/// endwin()
/// restore.close()
/// ```
///
/// There is one per process, this, a ``CursesTerminal`` or an `ANSITerminal`, touched only from
/// the main actor.
@MainActor
public final class CursesRestore {
  /// What happened to the terminal since the last ``CursesRestore/events()``.
  public enum Event: Hashable, Sendable {
    /// The terminal changed size; ncurses has been resized to it (`resizeterm`, which also
    /// queues `KEY_RESIZE` for `get_wch`, as ncurses' own handler would).
    case resized
    /// The process was stopped and continued; ncurses is set up again and has repainted the
    /// screen, so only what the program set up beside ncurses must be set up again.
    case continued
  }

  /// The restore and the relay of stops and resizes, shared with every ScreenKit session.
  let restorer: TerminalRestorer
  /// The restore's own descriptor of the terminal.
  private let terminalDescriptor: Int32
  /// The descriptor ncurses writes to, once known.
  private var output: Int32?
  private var isOpen = true

  /// Saves the modes of the terminal on `descriptor` (standard output by default) and installs
  /// the handlers; call it before `initscr` or `newterm`.
  ///
  /// - Throws: `TerminalError.notATerminal(descriptor:)` when `descriptor` is not a terminal,
  ///   `TerminalError.alreadyOpen` while another restore or session is open.
  public init(descriptor: Int32 = 1) throws(TerminalError) {
    guard isatty(descriptor) != 0 else { throw .notATerminal(descriptor: descriptor) }
    var modes = termios()
    guard tcgetattr(descriptor, &modes) == 0 else {
      throw .systemCall("tcgetattr", errno: errno)
    }
    // NB: a descriptor of its own: ncurses may write to `descriptor` itself (initscr writes to
    // standard output), and a signal that ends the process silences ncurses' descriptor before
    // the restore writes.
    let terminal = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    guard terminal >= 0 else { throw .systemCall("fcntl", errno: errno) }
    do throws(RestoreFailure) {
      restorer = try TerminalRestorer(descriptor: terminal, modes: modes)
    } catch {
      systemClose(terminal)
      switch error {
      case .alreadyInstalled: throw .alreadyOpen
      case .systemCall(let name, let code): throw .systemCall(name, errno: code)
      }
    }
    terminalDescriptor = terminal
  }

  /// Records what undoes ncurses' set-up (terminfo's `rmcup`, `cnorm` and the like) and where
  /// ncurses writes: `output`, standard output by default, as after `initscr`; for `newterm`,
  /// the descriptor of the file it was given.
  ///
  /// Call it right after `initscr` or `newterm`, before ncurses first writes (`refresh`,
  /// `keypad`, `curs_set`): a signal before it puts back only the terminal's modes.
  public func cursesStarted(output: Int32 = 1) {
    self.output = output
    restorer.prepare(bytes: Self.restoreBytes())
    // NB: a signal that ends the process silences what ncurses writes first, so the rest of a
    // frame drawn on another thread meanwhile cannot land on the shell's screen.
    restorer.divert(output)
    restorer.protect()
  }

  /// The descriptor that becomes readable when ``events()`` has something: `poll` it beside
  /// the input.
  public var eventDescriptor: Int32 { restorer.eventDescriptor }

  /// Handles what happened to the terminal since the last call and returns it, each kind once.
  ///
  /// A resize resizes ncurses to the terminal; after a continue, the terminal is ncurses'
  /// again: its modes, the alternate screen, the whole screen repainted, and what was typed
  /// while the terminal was the shell's dropped.
  @discardableResult
  public func events() -> [Event] {
    let events = restorer.drainEvents().map { $0 == .resized ? Event.resized : .continued }
    if events.contains(.resized) { resizeToTerminal() }
    if events.contains(.continued) { update() }
    return events
  }

  /// Sends ncurses' pending changes to the terminal: `doupdate`, which a stop (Ctrl-Z)
  /// arriving meanwhile lets finish, so no part of the frame lands on the shell's screen.
  public func update() {
    _ = beginFrame()
    doupdate()
    endFrame()
  }

  /// Puts the terminal's saved modes and the previous signal dispositions back.
  ///
  /// Call it after `endwin`, before the descriptor ncurses wrote to is closed; calling it again
  /// does nothing.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    restorer.divert(nil)
    restorer.finish()
    systemClose(terminalDescriptor)
  }

  /// Puts the previous signal dispositions back without writing to the terminal, for a session
  /// that never set it up.
  func uninstall() {
    guard isOpen else { return }
    isOpen = false
    restorer.uninstall()
    systemClose(terminalDescriptor)
  }

  /// Marks the start of a frame's output; after a stop and continue, first makes ncurses set
  /// the terminal up again at its next `doupdate`, and returns `true`.
  func beginFrame() -> Bool {
    guard restorer.beginFrame() else { return false }
    forgetTerminalState()
    // NB: as ncurses' own continue does: what was typed while the terminal was the shell's
    // was echoed and line-edited there, and the start of a key sequence among it would
    // swallow the keys typed after `fg`.
    flushinp()
    clearok(sk_curscr(), true)
    return true
  }

  /// Marks the end of a frame's output; a stop requested during the frame happens here.
  func endFrame() {
    restorer.endFrame()
  }

  /// Resizes ncurses to the terminal's size; the next `doupdate` repaints everything the
  /// terminal may have reflowed.
  func resizeToTerminal() {
    var rows: Int32 = 0
    var columns: Int32 = 0
    if sk_window_size(terminalDescriptor, &rows, &columns) == 0, rows > 0, columns > 0 {
      _ = resizeterm(rows, columns)
    }
    clearok(sk_curscr(), true)
  }

  /// Makes ncurses agree that the terminal was put back behind its back (by the SIGTSTP
  /// handler), so the next `doupdate` sets it up again (its modes, smcup, keypad, cursor).
  ///
  /// `endwin` would also write: move the shell's cursor to the last row and leave the
  /// alternate screen a second time. Its output goes to /dev/null instead, so the shell's
  /// cursor stays where the prompt was.
  private func forgetTerminalState() {
    guard let output else {
      endwin()
      return
    }
    // NB: every stream, as ncurses may buffer its output in the standard library's.
    fflush(nil)
    let saved = dup(output)
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    if saved >= 0, null >= 0, dup2(null, output) >= 0 {
      endwin()
      // NB: not a plain dup2, which would undo a signal's silencing of the descriptor.
      sk_frames_reconnect(output, saved)
    } else {
      endwin()
    }
    for descriptor in [null, saved] where descriptor >= 0 {
      systemClose(descriptor)
    }
  }

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

// NB: at file scope this names the C library's function, which the restore's own `close()`
// hides; a module-qualified call would name one C library only.
private func systemClose(_ descriptor: Int32) {
  _ = close(descriptor)
}

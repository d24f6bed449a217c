// NB: package, for `termios` (as the C header declares it) in the initializer.
package import CTerminalSession

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Puts the terminal back however the process ends, and relays the job-control and resize
/// signals to the run loop.
///
/// The bytes to write (every ``TerminalMode`` off, then what undoes the session's own set-up:
/// ncurses' `sgr0`, `cnorm` and `rmcup`, or ``ANSITerminal``'s sequences) and the termios to apply
/// are prepared here ahead of time, so the C handlers only `write` and `tcsetattr`, which are
/// async-signal-safe. Every catchable signal whose default action ends the process restores and
/// re-raises with the default action, so the exit status names the signal; the crash signals
/// (SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP, SIGFPE, SIGQUIT) let a previous handler (Swift's
/// backtracer) run after the restore. A signal the program already ignores or handles keeps its
/// disposition. SIGTSTP restores, stops (after the frame being written, if any), and on SIGCONT
/// reports ``Event/continued``; SIGWINCH reports ``Event/resized``. `exit()` restores too, through
/// `atexit`.
///
/// Deaths no handler sees (SIGKILL, a stack overflow on a thread without an alternate signal
/// stack) are covered by a guardian process forked at ``protect()``, and standard error is
/// held back while it is the session's terminal, then shown on the main screen.
///
/// One per process: the handlers and what they write are process-wide.
package final class TerminalRestorer {
  /// What a handler reported to the run loop through the pipe.
  package enum Event: UInt8 {
    /// The process was stopped (Ctrl-Z) and continued; the terminal must be set up again.
    case continued = 67  // "C"
    /// The terminal changed size.
    case resized = 87  // "W"
  }

  /// The read end of the pipe the handlers write to; readable when an event is waiting.
  package let eventDescriptor: Int32
  private let writeDescriptor: Int32
  private let terminalDescriptor: Int32
  private var modes: termios
  private var isInstalled = false

  /// Prepares to restore `modes` on `descriptor` and installs the handlers; fails before
  /// anything is touched while another session's restorer is installed.
  package init(descriptor: Int32, modes: termios) throws(RestoreFailure) {
    guard sk_restore_installed() == 0 else { throw .alreadyInstalled }
    var ends: [Int32] = [-1, -1]
    guard sk_pipe(&ends) == 0 else {
      throw .systemCall("pipe2", errno: errno)
    }
    eventDescriptor = ends[0]
    writeDescriptor = ends[1]
    terminalDescriptor = descriptor
    self.modes = modes
    sk_restore_prepare(descriptor, &self.modes, nil, 0)
    guard sk_restore_install(writeDescriptor) == 0 else {
      sk_restore_uninstall()
      close(eventDescriptor)
      close(writeDescriptor)
      throw .systemCall("sigaction", errno: errno)
    }
    isInstalled = true
  }

  /// Records the bytes that undo what ncurses set up, once terminfo is loaded.
  package func prepare(bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        sk_restore_prepare(terminalDescriptor, &modes, chars.baseAddress, chars.count)
      }
    }
  }

  /// Starts holding back standard error (when it is the session's terminal) and the guardian.
  ///
  /// Call after the last ``prepare(bytes:)``. Best effort: a session without them is still
  /// restored by the handlers.
  package func protect() {
    _ = sk_stderr_capture_begin(terminalDescriptor)
    _ = sk_guardian_start()
  }

  /// Marks the start of a frame's output; returns whether the process was stopped and
  /// continued since the terminal was last set up, so the caller sets it up again first.
  package func beginFrame() -> Bool {
    sk_frame_begin() != 0
  }

  /// Marks the end of a frame's output; a stop requested during the frame happens here.
  package func endFrame() {
    sk_frame_end()
  }

  /// Names the descriptor frames are written to (`nil`: none any more); a signal that ends the
  /// process silences it before the restore, so a frame drawn on another thread meanwhile
  /// cannot land on the shell's screen.
  package func divert(_ descriptor: Int32?) {
    sk_restore_divert(descriptor ?? -1)
  }

  /// Whether the terminal is the shell's because of a stop: from the stop until the first frame
  /// after the continue.
  ///
  /// What is read meanwhile was typed to the shell.
  package var isContinuePending: Bool {
    sk_continue_pending() != 0
  }

  /// Whether the process was stopped and continued since the terminal was last set up
  /// (answered once per continue).
  package func takeContinued() -> Bool {
    sk_take_continued() != 0
  }

  /// Ends the restore once the caller has put the terminal back: switches off every
  /// ``TerminalMode``, applies the saved modes, shows what standard error received, lets the
  /// guardian go, puts the previous signal dispositions back and closes the pipe.
  package func finish() {
    guard isInstalled else { return }
    var off = Array(TerminalMode.allOffSequences.utf8)
    _ = off.withUnsafeMutableBytes { write(terminalDescriptor, $0.baseAddress, $0.count) }
    tcsetattr(terminalDescriptor, TCSANOW, &modes)
    isInstalled = false
    sk_restore_finish()
    close(eventDescriptor)
    close(writeDescriptor)
  }

  /// Notes how many answers to the session's requests to the terminal (cursor position
  /// reports) have not been read yet from `input`: a handler that ends or stops the process
  /// reads and drops them after writing the prepared bytes, waiting at most `wait` in all,
  /// before it applies the termios, so that the shell never reads one.
  package func expectAnswers(_ count: Int, from input: Int32?, waitingAtMost wait: Duration) {
    let milliseconds = min(max(wait / .milliseconds(1), 0), Double(Int32.max))
    sk_restore_expect_answers(input ?? -1, Int32(clamping: count), Int32(milliseconds))
  }

  /// Writes the prepared bytes and termios now, as a handler would.
  package func restoreNow() {
    sk_restore_now()
  }

  /// Reads every event the handlers reported since the last call and returns each kind once,
  /// in the order it first came: a second resize or continue asks nothing more of a session.
  package func drainEvents() -> [Event] {
    var events: [Event] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(eventDescriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      for event in buffer[0..<count].compactMap(Event.init(rawValue:))
      where !events.contains(event) {
        events.append(event)
      }
    }
    return events
  }

  /// Puts the previous signal dispositions back and closes the pipe.
  package func uninstall() {
    guard isInstalled else { return }
    isInstalled = false
    sk_restore_uninstall()
    close(eventDescriptor)
    close(writeDescriptor)
  }
}

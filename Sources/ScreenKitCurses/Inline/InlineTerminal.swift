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

/// A region of rows at the cursor, in the normal screen, drawn with the terminal's terminfo
/// sequences: the session behind `Presentation.inline(height:exit:)`.
///
/// The terminal's modes are those of the full-screen session (cbreak, no echo, keypad
/// transmit, a hidden cursor (shown at the focused screen's cursor, where it has one),
/// bracketed paste, mouse reporting unless `Options.mouse` is
/// off, focus reporting unless `Options.focusReporting` is off), without the alternate screen. Mouse reports are in screen rows: the region asks the
/// terminal where its top is (terminfo's `u7`, a cursor position request) each time it moves,
/// and drops reports until the answer comes. A terminal that has answered no request within
/// ``answerLimit`` of the first is taken to never answer: no more requests are sent and the
/// mouse is the terminal's again (its reporting off). Whatever ends
/// the process puts the terminal back the same way: the region kept or cleared as ``exit``
/// says, the cursor on the line below it, the modes off. What is printed goes above the
/// region and stays in the scrollback; nothing above the region is ever erased.
@MainActor
final class InlineTerminal: Display {
  /// The descriptors, the escape delay and the colour depth come from these.
  let options: CursesTerminal.Options
  /// What the region leaves behind.
  let exit: InlineExit
  private var height: Int
  private var writer: TerminalFrameWriter
  private let restorer: TerminalRestorer
  private var reader: TerminalReader
  private let frameDescriptor: Int32
  private var sessionModes: termios
  private var setUpBytes: [UInt8]
  /// The set-up without mouse reporting, for a terminal taken to never answer.
  private let setUpBytesWithoutMouse: [UInt8]
  private let keySequences: [[UInt8]: Key]
  /// The cursor position request, while the mouse is reported and the terminal has one and
  /// answers it.
  private var positionRequest: [UInt8]?
  private var reports = CursorReportFilter()
  /// Since when the start of an answer cut between reads is held (an Escape alone, maybe).
  private var heldSince: ContinuousClock.Instant?
  /// When the terminal is taken to never answer, while it has answered no request yet.
  private var answerDeadline: ContinuousClock.Instant?
  private var hasAnswered = false
  /// How many answers the signal handlers were last told the terminal owes.
  private var answersToldDue = 0
  var onInputDeadlineChange: (@MainActor () -> Void)?
  /// The ``inputDeadline`` last told of.
  private var toldInputDeadline: ContinuousClock.Instant?
  /// The screen cell of the region's top-left, once the terminal said where it is.
  private(set) var origin: Point?
  private var pendingLines: [PrintedLine] = []
  private var needsRepaint = true
  /// What the restore was last prepared for (`TerminalFrameWriter.Restore`).
  private var prepared: TerminalFrameWriter.Restore?
  private var terminalSize: Size
  private var isOpen = true

  /// Opens a region of `height` rows at the cursor; `nil` when the output cannot show one
  /// (not a terminal, `TERM` unset, unknown or unable to go back up a line): the caller then
  /// writes plain text.
  ///
  /// - Throws: `TerminalError.alreadyOpen` while another session is open, or a failed
  ///   system call; nothing was written then.
  init?(options: CursesTerminal.Options, height: Int, exit: InlineExit) throws(TerminalError) {
    let output = options.outputDescriptor
    guard isatty(output) != 0,
      let type = options.terminalType ?? Environment.value("TERM"), !type.isEmpty,
      sk_terminfo_load(type, output) == Int32(SK_TERMINAL_USABLE)
    else { return nil }
    var modes = termios()
    guard tcgetattr(output, &modes) == 0 else { throw .systemCall("tcgetattr", errno: errno) }
    let restorer: TerminalRestorer
    do throws(RestoreFailure) {
      restorer = try TerminalRestorer(descriptor: output, modes: modes)
    } catch {
      switch error {
      case .alreadyInstalled: throw .alreadyOpen
      case .systemCall(let name, let code): throw .systemCall(name, errno: code)
      }
    }
    // NB: the set-up is a frame too: a stop meanwhile waits for its end, when the bytes that
    // undo it are ready.
    _ = restorer.beginFrame()
    let frameDescriptor = fcntl(output, F_DUPFD_CLOEXEC, 0)
    guard frameDescriptor >= 0 else {
      let code = errno
      restorer.endFrame()
      restorer.uninstall()
      throw .systemCall("fcntl", errno: code)
    }
    let sequences = TerminalSequences.current()
    let colors = Int(tigetnum("colors"))
    let depth = min(
      options.colorDepth,
      ColorDepth(
        colors: colors, hasColors: colors > 0 && sequences.foreground != nil,
        noColor: Environment.value("NO_COLOR")))
    self.options = options
    self.exit = exit
    self.height = max(1, height)
    self.restorer = restorer
    self.frameDescriptor = frameDescriptor
    writer = TerminalFrameWriter(
      sequences: sequences, depth: depth, placement: .inline,
      indexedColors: Int(sk_indexed_color_limit()))
    reader = TerminalReader(descriptor: options.inputDescriptor)
    keySequences = TerminalCapabilities.keySequences()
    // NB: cbreak and no echo as the full-screen session; output processing off, so a line
    // feed only moves down (terminfo's cud1 and ind) and keeps the column.
    sessionModes = modes
    sessionModes.c_lflag &= ~tcflag_t(ICANON | ECHO)
    if !options.keysSendSignals {
      // NB: as ncurses's raw(): no signals from keys, and no flow control on Ctrl-S/Ctrl-Q.
      sessionModes.c_lflag &= ~tcflag_t(ISIG)
      sessionModes.c_iflag &= ~tcflag_t(IXON)
    }
    sessionModes.c_iflag &= ~tcflag_t(ICRNL)
    sessionModes.c_oflag &= ~tcflag_t(OPOST)
    let mouseOn = options.mouse ? TerminalCapabilities.mouseReportingOn(terminalType: type) : nil
    let request = tigetstr("u7").flatMap { Int(bitPattern: $0) == -1 ? nil : String(cString: $0) }
    positionRequest = mouseOn == nil ? nil : request.map { Array($0.utf8) }
    let focusOn =
      options.focusReporting ? TerminalCapabilities.focusReportingOn(terminalType: type) : nil
    setUpBytesWithoutMouse =
      sequences.hideCursor + sequences.keypadOn
      + (TerminalCapabilities.bracketedPasteOn(terminalType: type) ?? []) + (focusOn ?? [])
    setUpBytes =
      sequences.hideCursor + sequences.keypadOn
      + (TerminalCapabilities.bracketedPasteOn(terminalType: type) ?? [])
      + (positionRequest == nil ? [] : mouseOn ?? []) + (focusOn ?? [])
    terminalSize = Self.windowSize(of: output)
    prepareRestore()
    _ = tcsetattr(output, TCSANOW, &sessionModes)
    DescriptorOutput.writeAll(setUpBytes, to: frameDescriptor)
    restorer.divert(frameDescriptor)
    restorer.protect()
    restorer.endFrame()
  }

  var size: Size {
    Size(width: terminalSize.width, height: min(height, terminalSize.height))
  }
  var presentation: Presentation { .inline(height: height, exit: exit) }
  var inputDescriptor: Int32? {
    isatty(options.inputDescriptor) != 0 ? options.inputDescriptor : nil
  }
  var eventDescriptor: Int32? { restorer.eventDescriptor }
  var hasPendingLines: Bool { !pendingLines.isEmpty }

  func makeDecoder(escapeDelay: Duration) -> InputDecoder {
    InputDecoder(
      escapeDelay: escapeDelay, sequences: keySequences,
      terminalReportsMouse: positionRequest != nil)
  }

  func readInput() -> TerminalInput {
    let input = reader.readInput(for: restorer)
    guard case .bytes(var bytes) = input else { return input }
    let due = reports.awaitedCount
    if let (row, column) = reports.take(from: &bytes) {
      origin = Point(x: column - 1, y: row - 1)
    }
    if reports.awaitedCount < due {
      // NB: a terminal that answers is one that answers, however late its next answers come.
      answerDeadline = nil
      hasAnswered = true
    }
    if !reports.isHolding {
      heldSince = nil
    } else if heldSince == nil {
      heldSince = .now
    }
    noteAnswersDue()
    noteInputDeadline()
    return bytes.isEmpty ? .nothing : .bytes(bytes)
  }

  /// Tells the application when ``inputDeadline`` changed.
  private func noteInputDeadline() {
    let deadline = inputDeadline
    guard deadline != toldInputDeadline else { return }
    toldInputDeadline = deadline
    onInputDeadlineChange?()
  }

  var inputDeadline: ContinuousClock.Instant? {
    guard let heldSince else { return answerDeadline }
    let due = heldSince + options.escapeDelay
    return answerDeadline.map { min($0, due) } ?? due
  }

  func inputDeadlinePassed() -> [UInt8] {
    let now = ContinuousClock.now
    let isTooLate = answerDeadline.map { now >= $0 } ?? false
    var released: [UInt8] = []
    // NB: an Escape held as the start of an answer gets the escape delay any Escape gets;
    // the rest of an answer later than that would be read as keys.
    if let heldSince, isTooLate || now >= heldSince + options.escapeDelay {
      released = reports.releaseHeld()
      self.heldSince = nil
    }
    if isTooLate { stopAsking() }
    noteInputDeadline()
    return released
  }

  /// Takes the terminal to be one that never answers (expect-style drivers, some serial
  /// consoles): no answer is awaited, held for or waited for at the end any more, no request
  /// sent, and the mouse, whose reports no answer can place, is the terminal's again.
  private func stopAsking() {
    answerDeadline = nil
    reports = CursorReportFilter()
    noteAnswersDue()
    guard positionRequest != nil else { return }
    positionRequest = nil
    setUpBytes = setUpBytesWithoutMouse
    let mouseOff = [TerminalMode.mouseButtons, .mouseDrags, .mouseMotion, .mouseSGREncoding]
      .map(\.offSequence).joined()
    // NB: as a frame: a stop meanwhile waits for the end of the write.
    if restorer.beginFrame() { setUpAgain() }
    DescriptorOutput.writeAll(Array(mouseOff.utf8), to: frameDescriptor)
    restorer.endFrame()
  }
  func drainEvents() -> [TerminalRestorer.Event] { restorer.drainEvents() }

  func resume() {
    // NB: the shell wrote its lines meanwhile; the region starts again at the cursor.
    writer.restart()
    // NB: the stop's restore read the answers on their way (or gave up on them); none is
    // awaited any more.
    reports = CursorReportFilter()
    heldSince = nil
    answerDeadline = nil
    noteAnswersDue()
    noteInputDeadline()
    forgetScreen()
  }

  func updateSize() -> Size {
    terminalSize = Self.windowSize(of: options.outputDescriptor)
    forgetScreen()
    return size
  }

  /// The region's place on the screen is no longer known: the next frame draws it whole
  /// from the cursor, and a signal meanwhile restores from the cursor, not from a saved top
  /// that may now be above the shell's lines.
  private func forgetScreen() {
    writer.forgetScreen()
    origin = nil
    needsRepaint = true
    prepareRestore()
  }

  func setHeight(_ height: Int) -> Size? {
    self.height = max(1, height)
    needsRepaint = true
    return size
  }

  func print(_ lines: [PrintedLine]) {
    pendingLines += lines
  }

  func draw(_ changes: FrameChanges, of grid: CellGrid) {
    let rest = CursorRest(
      cursor: changes.cursor, focus: changes.focus, showingFocus: options.showsFocusCursor,
      followsHiddenFocus: false)
    if restorer.beginFrame() { setUpAgain() }
    defer { endFrame() }
    if !pendingLines.isEmpty {
      writer.commit(runs: pendingLines.map { $0.runs.map { ($0.text, $0.style) } })
      pendingLines.removeAll()
      needsRepaint = true
    }
    guard needsRepaint || changes.isFullRepaint else {
      writer.update(changes, of: grid, cursor: rest.point, shown: rest.isShown)
      return
    }
    // NB: a frame laid out for a size the terminal no longer has would make room for the
    // wrong height, and its line feeds scroll rows of it into the scrollback; a window dragged
    // by its edge resizes faster than frames are drawn. The resize waiting in the event pipe
    // repaints at the new size.
    guard Self.windowSize(of: options.outputDescriptor) == terminalSize else {
      needsRepaint = true
      return
    }
    let wasTopSaved = writer.isTopSaved
    writer.repaint(grid)
    needsRepaint = false
    if let positionRequest, !wasTopSaved || origin == nil {
      // NB: the cursor rests at the region's top-left: the answer says where that is.
      origin = nil
      writer.append(positionRequest)
      reports.expectReport()
      if !hasAnswered && answerDeadline == nil {
        answerDeadline = .now + Self.answerLimit
        noteInputDeadline()
      }
      // NB: before the request is written: a signal in between waits for an answer that never
      // comes (a bounded wait), where after it, one would leave the answer to the shell.
      noteAnswersDue()
    }
    writer.rest(at: rest.point, shown: rest.isShown)
  }

  /// Writes what the frame made, prepares the restore again when the region's rows or its
  /// saved top changed, and lets a stop that came meanwhile happen.
  private func endFrame() {
    writer.flush(to: frameDescriptor)
    // NB: one read of the writer: each is an exclusivity check, and this runs every frame.
    if prepared != writer.restore { prepareRestore() }
    restorer.endFrame()
  }

  func close() {
    guard isOpen else { return }
    isOpen = false
    awaitPendingReport()
    restorer.divert(nil)
    _ = systemClose(frameDescriptor)
    DescriptorOutput.writeAll(leaveBytes(restoringCursor: false), to: options.outputDescriptor)
    restorer.finish()
  }

  /// Tells the signal handlers how many answers the terminal still owes, when that changed:
  /// whatever ends the process reads them before it gives the terminal back.
  private func noteAnswersDue() {
    let due = reports.awaitedCount
    guard due != answersToldDue else { return }
    answersToldDue = due
    restorer.expectAnswers(due, from: inputDescriptor, waitingAtMost: Self.answerWait)
  }

  /// How long the end of the session (`q` or a signal) waits for answers still on their way.
  static let answerWait = Duration.milliseconds(250)

  /// How long the terminal has to answer its first position request before it is taken to
  /// never answer: far longer than an answer takes over any link a person types on (ssh's
  /// come 150 ms late), and short enough that the mouse is given back before it is missed.
  static let answerLimit = Duration.seconds(1)

  /// Waits a little for the answer to a position request still on its way, so that the
  /// terminal does not echo it onto the shell's line once its modes are back (`^[[6;1R`).
  private func awaitPendingReport() {
    guard reports.isAwaiting, let input = inputDescriptor else { return }
    let deadline = ContinuousClock.now + Self.answerWait
    while reports.isAwaiting, ContinuousClock.now < deadline {
      var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 25) > 0 else { continue }
      guard case .bytes(var bytes) = reader.readInput(for: restorer) else { return }
      _ = reports.take(from: &bytes)
    }
  }

  /// Records what a signal writes to put the terminal back: from wherever a frame it cut
  /// short left the cursor, back to the region's top, then as ``exit`` says.
  private func prepareRestore() {
    prepared = writer.restore
    restorer.prepare(
      bytes: Array(TerminalMode.allOffSequences.utf8) + leaveBytes(restoringCursor: true))
  }

  private func leaveBytes(restoringCursor: Bool) -> [UInt8] {
    writer.leave(keepingLastFrame: exit == .keepLastFrame, restoringCursor: restoringCursor)
      + writer.sequences.keypadOff
      + writer.sequences.showCursor
  }

  /// Takes the terminal back after a continue: the session's modes again, dropping what was
  /// typed while it was the shell's, then the set-up sequences.
  private func setUpAgain() {
    _ = tcsetattr(options.outputDescriptor, TCSAFLUSH, &sessionModes)
    DescriptorOutput.writeAll(setUpBytes, to: frameDescriptor)
    writer.cursorWasHidden()
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

// NB: at file scope this names the C library's function, which the session's `close` hides.
private func systemClose(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}

import CNCurses
import Dispatch
public import ScreenKit
public import ScreenKitTerminal

/// Runs a screen hierarchy in the terminal: opens a ``CursesTerminal``, delivers keys and
/// resizes to the stage, runs its timers, draws frames, and puts the terminal back.
///
/// It is a `ScreenHost` whose output is an ncurses terminal: input goes to the host, the
/// host's frames to the terminal. The loop is event driven: it wakes for input, for the resize
/// and continue signals, for one deadline (the earlier of the scheduler's next timer and a
/// paced frame), and for work posted to the scheduler. Nothing polls, so an idle program makes
/// no wake-ups and a spinner makes one per frame. Under ``CursesRunLoop`` all of it is one
/// `poll` on the main thread; otherwise dispatch sources on the main queue wake it.
///
/// Every wake-up is one turn: what woke it is handled, due work runs, and one frame is drawn
/// if anything changed. A change made outside a turn (by a main-actor task) asks for one turn.
///
/// A frame is drawn in the turn that needed it: after input, a signal, posted work (a load's
/// result) or main-actor work that changed something. Only a turn that ran timers alone (an
/// animation's tick) is paced: it waits until ``frameInterval`` has passed since the last frame,
/// and no longer.
///
/// In an `async` `main`, or in the body handed to ``CursesRunLoop/main(_:)``:
///
/// ```swift
/// let application = CursesApplication(root: HomeScreen())
/// application.onUnhandledKey = { application, key in
///   if key == "q" { application.quit() }
/// }
/// do { try await application.run() } catch { error.exit() }
/// ```
@MainActor
public final class CursesApplication {
  /// The stage the hierarchy is shown on.
  public let stage: Stage
  /// How the terminal is opened.
  public var options: CursesTerminal.Options
  /// The shortest time between two frames that timers alone asked for; a frame for input, a
  /// signal or a load's result is never held back.
  public var frameInterval: Duration = .milliseconds(16)
  /// Called with the application and each key that no screen handled; the application
  /// decides what it means (for example `q` quits).
  ///
  /// The handler is handed the application so that it need not capture it: a handler that
  /// captured its own application would keep it alive forever.
  public var onUnhandledKey: (@MainActor (CursesApplication, Key) -> Void)?

  /// The number of frames written since ``run()`` began.
  package private(set) var frameCount = 0
  /// The number of times the loop woke up (input, signal, timer or posted work).
  package private(set) var wakeCount = 0
  /// When the loop will next wake by itself, on the scheduler's clock.
  ///
  /// The earlier of the next timer and a paced frame; `nil` while nothing is due, when only an
  /// event (input, a signal, posted work) can wake it: an idle program makes no wake-ups.
  package var nextWakeDeadline: Duration? { armedDeadline }

  /// What a running application holds; `nil` between runs.
  private struct Session {
    let display: any Display
    let host: ScreenHost
    /// The host's input, decoded as the display reads it.
    let input: HostInputDecoder
    let loop: any EventLoop
  }

  private var session: Session?
  private var watches: [Int] = []
  private var armedDeadline: Duration?
  private var lastFrame: Duration?
  private var isInTurn = false
  private var isTurnRequested = false
  private var continuation: CheckedContinuation<Void, Never>?
  private var isQuitting = false
  /// The timer for the display's input deadline.
  private lazy var inputDeadline = InputDeadlineTimer(scheduler: stage.scheduler) {
    [weak self] in self?.inputDeadlinePassed()
  }

  /// Creates an application showing `root`; nothing happens until ``run()``.
  public init(
    root: Screen, scheduler: Scheduler = Scheduler(),
    environment: EnvironmentValues = EnvironmentValues(),
    options: CursesTerminal.Options = CursesTerminal.Options()
  ) {
    self.stage = Stage(root: root, size: .zero, scheduler: scheduler, environment: environment)
    self.options = options
  }

  /// Opens the terminal, shows the hierarchy and runs until ``quit()``, or until the input
  /// ends (end of file, or the terminal hung up); the terminal is put back before it returns
  /// or throws.
  ///
  /// When it returns, nothing watches the input descriptor any more, so the caller may close
  /// it. After a ``quit()`` made while the application was not running, it returns at once
  /// without touching the terminal.
  ///
  /// - Throws: ``TerminalError`` when there is no usable terminal; nothing was drawn then.
  public func run() async throws(TerminalError) {
    precondition(session == nil, "CursesApplication.run() is already running")
    if isQuitting {
      isQuitting = false
      return
    }
    let display = try openDisplay()
    frameCount = 0
    wakeCount = 0
    lastFrame = nil
    stage.environment.presentation = display.presentation
    stage.resize(to: display.size)
    // NB: posted work wakes the loop through the main queue, which both loops serve.
    let host = ScreenHost(
      stage: stage,
      wake: { [weak self] in
        DispatchQueue.main.async { MainActor.assumeIsolated { self?.turn(counted: true) } }
      })
    host.onUnhandledKey = { [weak self] key in
      guard let self else { return }
      onUnhandledKey?(self, key)
    }
    let loop: any EventLoop = MainLoop.running ?? DispatchEventLoop()
    let input = HostInputDecoder(
      host: host, decoder: display.makeDecoder(escapeDelay: options.escapeDelay))
    session = Session(display: display, host: host, input: input, loop: loop)
    stage.onNeedsFrame = { [weak self] in self?.requestTurn() }
    display.onInputDeadlineChange = { [weak self] in self?.armInputDeadline() }
    if let input = display.inputDescriptor {
      watches.append(loop.watch(input) { [weak self] in self?.readInput() })
    }
    if let events = display.eventDescriptor {
      watches.append(loop.watch(events) { [weak self] in self?.readSignals() })
    }
    turn(counted: false)

    await withCheckedContinuation { continuation in
      if isQuitting {
        continuation.resume()
      } else {
        self.continuation = continuation
      }
    }

    stopWatching()
    await loop.shutDown()
    stage.onNeedsFrame = nil
    display.onInputDeadlineChange = nil
    // NB: what an inline region leaves in the scrollback is the last frame: a quit made by a
    // key or a load's result comes before its turn drew what they changed.
    if let session, case .inline = display.presentation,
      host.needsFrame || display.hasPendingLines
    {
      drawFrame(session)
    }
    session?.input.cancel()
    host.close()
    display.close()
    session = nil
    isQuitting = false
  }

  /// Opens what ``options``'s presentation shows the screens on.
  private func openDisplay() throws(TerminalError) -> any Display {
    if options.accessible, let display = try AccessibleDisplay(options: options, stage: stage) {
      return display
    }
    switch options.presentation {
    case .fullScreen:
      return try FullScreenDisplay(options: options)
    case .inline(let height, let exit):
      if let terminal = try InlineTerminal(options: options, height: height, exit: exit) {
        return terminal
      }
      let columns = Environment.value("COLUMNS").flatMap { Int($0) } ?? 80
      return PlainDisplay(
        descriptor: options.outputDescriptor, input: options.inputDescriptor, width: columns,
        height: height, exit: exit)
    }
  }

  /// Commits `text` above the screens, as Swift's `print` would write it: one line, or one per
  /// line feed it holds.
  ///
  /// - Inline, the lines go above the region at the next frame and stay in the scrollback.
  /// - Full screen, the alternate screen covers the main one: they are held and written on
  ///   the main screen when ``run()`` ends, in order, after the terminal is put back.
  /// - When the output is not a terminal, and while the application is not running, they
  ///   are written to it at once.
  ///
  /// Control characters are shown in caret notation (`^[`), so no text can move the cursor
  /// or switch a mode of the terminal. `style` is drawn where escape codes are written.
  public func print(_ text: String, style: Style = .plain) {
    commit(PrintedLine.lines(of: text, style: style))
  }

  /// Commits `lines` above the screens, or writes them at once when not running.
  func commit(_ lines: [PrintedLine]) {
    guard let session else {
      PlainDisplay.write(lines, to: options.outputDescriptor)
      return
    }
    session.display.print(lines)
    if session.display.hasPendingLines { requestTurn() }
  }

  /// Changes the height of an inline region while it runs; full screen, it does nothing.
  ///
  /// The region is at most the terminal's height. The next frame lays the screens out at it
  /// and draws the region anew from its top.
  public func setInlineHeight(_ height: Int) {
    guard case .inline(_, let exit) = options.presentation else { return }
    options.presentation = .inline(height: max(1, height), exit: exit)
    guard let session, let size = session.display.setHeight(height) else { return }
    // NB: the screens' environment names the height the display has now.
    stage.environment.presentation = session.display.presentation
    session.host.handle(.resize(size))
  }

  /// Ends ``run()``: it returns once the current event has been handled.
  ///
  /// From the call on, no event is delivered and no frame drawn. `run()` itself resumes
  /// through the default executor, where Swift resumes a function awaiting a continuation, so
  /// loads that block all of its threads delay the moment it returns and puts the terminal
  /// back.
  ///
  /// Called while the application is not running, it makes the next ``run()`` return at once.
  public func quit() {
    isQuitting = true
    stopWatching()
    continuation?.resume()
    continuation = nil
  }

  /// Stops watching the input, the signals and the deadline; idempotent.
  ///
  /// Done at ``quit()``, not when ``run()`` resumes: Swift resumes it through the default
  /// executor, which loads blocking its workers can hold, and meanwhile a descriptor nobody
  /// reads any more (a hung-up terminal, keys typed after the `q`) would keep waking the loop.
  private func stopWatching() {
    guard let loop = session?.loop else { return }
    for watch in watches { loop.unwatch(watch) }
    watches.removeAll()
    inputDeadline.cancel()
    if armedDeadline != nil { loop.setDeadline(after: nil) {} }
    armedDeadline = nil
  }

  // MARK: Turns

  private func readInput() {
    turn(counted: true) { session in takeInput(session) }
  }

  private func takeInput(_ session: Session) {
    switch session.display.readInput() {
    case .bytes(let bytes):
      deliver(bytes, in: session)
    case .nothing:
      break
    case .ended:
      // NB: end of file or a hung-up terminal: nothing more will come, and a level-triggered
      // source would otherwise wake the loop forever.
      quit()
    }
  }

  private func deliver(_ bytes: [UInt8], in session: Session) {
    // NB: keys after one that quit are not delivered.
    for event in session.input.decode(bytes: bytes) where !isQuitting {
      if session.display.answers(event) { continue }
      guard case .mouse(var mouse) = event else {
        session.host.handle(event)
        continue
      }
      // A report is in screen cells; the screens may start lower (an inline region).
      guard let origin = session.display.origin else { continue }
      mouse.position = Point(x: mouse.position.x - origin.x, y: mouse.position.y - origin.y)
      guard stage.bounds.contains(mouse.position) else { continue }
      session.host.handle(.mouse(mouse))
    }
  }

  /// Arms a timer for the display's input deadline, when it changed.
  private func armInputDeadline() {
    guard let session, !isQuitting else { return }
    inputDeadline.arm(for: session.display.inputDeadline)
  }

  /// Runs in a turn, among its timers.
  private func inputDeadlinePassed() {
    guard let session, !isQuitting else { return }
    // NB: what came in time is read first, where the loop served the deadline before the
    // input: the rest of a sequence, or the answer that makes the deadline moot.
    if session.display.inputDescriptor != nil { takeInput(session) }
    guard !isQuitting else { return }
    let bytes = session.display.inputDeadlinePassed()
    if !bytes.isEmpty {
      deliver(bytes, in: session)
      // NB: they waited for the rest of a sequence as long as an Escape does already.
      session.input.flushNow()
    }
    // NB: the display tells of a deadline that changed; one still ahead (this timer came a
    // hair early) is armed again here.
    armInputDeadline()
  }

  private func readSignals() {
    turn(counted: true) { session in
      let display = session.display
      for event in display.drainEvents() {
        if event == .continued {
          display.resume()
          // NB: the rest of a sequence or paste cut by the stop went to the shell.
          session.input.interrupt()
          // NB: focus reports were off while stopped, and a terminal reports none when they
          // come back on; whoever typed `fg` is at this terminal.
          session.host.handle(.terminalFocus(true))
        }
        // A stop or a resize may have left anything on the screen, whatever its size now.
        session.host.invalidateOutput()
        session.host.handle(.resize(display.updateSize()))
      }
    }
  }

  private func deadlinePassed() {
    armedDeadline = nil
    // NB: posted work that this turn runs (a load's result) is not paced.
    turn(counted: true, paced: !stage.scheduler.hasPostedWork)
  }

  // NB: made once: a closure made per frame was an allocation and a weak reference per frame.
  private lazy var deadlineAction: @MainActor () -> Void = { [weak self] in self?.deadlinePassed() }

  /// A change made outside a turn (by a main-actor task) asks for one; a turn that comes first
  /// draws it, and the request then finds nothing to do.
  private func requestTurn() {
    guard !isInTurn, !isTurnRequested else { return }
    isTurnRequested = true
    DispatchQueue.main.async {
      MainActor.assumeIsolated { [weak self] in
        guard let self, isTurnRequested else { return }
        turn(counted: false)
      }
    }
  }

  /// Handles what woke the loop, runs due work, draws a frame when anything changed, and
  /// re-arms the deadline.
  ///
  /// `paced` is for a turn that only timers started: its frame waits until ``frameInterval``
  /// has passed since the last one. Every other turn draws at once.
  private func turn(
    counted: Bool, paced: Bool = false, _ handle: (Session) -> Void = { _ in }
  ) {
    guard let session, !isQuitting, !isInTurn else { return }
    if counted { wakeCount += 1 }
    isInTurn = true
    isTurnRequested = false
    defer { isInTurn = false }
    handle(session)
    guard !isQuitting else { return }
    session.host.tick()
    guard !isQuitting else { return }
    if session.host.needsFrame || session.display.hasPendingLines {
      let now = stage.scheduler.clock.now
      if paced, let lastFrame, now - lastFrame < frameInterval {
        // Too soon for a frame timers alone asked for: the deadline below is armed for it,
        // and any other event before it draws at once.
      } else {
        drawFrame(session)
        lastFrame = now
      }
    }
    rearm(session.loop)
  }

  private func drawFrame(_ session: Session) {
    let changes = session.host.frame()
    guard !stage.size.isEmpty else { return }
    session.display.draw(changes, of: session.host.grid)
    frameCount += 1
  }

  private func rearm(_ loop: any EventLoop) {
    var deadline = stage.scheduler.nextDeadline
    if stage.needsFrame, let lastFrame {
      let frameDeadline = lastFrame.saturatingAdding(frameInterval)
      deadline = min(deadline ?? frameDeadline, frameDeadline)
    }
    guard deadline != armedDeadline else { return }
    armedDeadline = deadline
    // NB: `if let`, not `Optional.map` with a closure: the closure checked at run time that
    // it was on the main actor, on every frame (`.ci/frame-budget`).
    var delay: Duration?
    if let deadline { delay = max(.zero, deadline - stage.scheduler.clock.now) }
    loop.setDeadline(after: delay, deadlineAction)
  }
}

import CNCurses
import Dispatch
public import ScreenKit

/// Runs a screen hierarchy in the terminal: opens a ``CursesTerminal``, delivers keys and
/// resizes to the stage, runs its timers, draws frames, and puts the terminal back.
///
/// The loop is event driven: it wakes for input, for the resize and continue signals, for one
/// deadline (the earlier of the scheduler's next timer and a paced frame), and for work posted
/// to the scheduler. Nothing polls, so an idle program makes no wake-ups and a spinner makes one
/// per frame. Under ``CursesRunLoop`` all of it is one `poll` on the main thread; otherwise
/// Dispatch sources on the main queue wake it.
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
  public private(set) var frameCount = 0
  /// The number of times the loop woke up (input, signal, timer or posted work).
  public private(set) var wakeCount = 0
  /// When the loop will next wake by itself, on the scheduler's clock.
  ///
  /// The earlier of the next timer and a paced frame; `nil` while nothing is due, when only an
  /// event (input, a signal, posted work) can wake it: an idle program makes no wake-ups.
  public var nextWakeDeadline: Duration? { armedDeadline }

  private var terminal: CursesTerminal?
  /// The main thread's loop when ``CursesRunLoop`` runs it; `nil` on libdispatch's main queue.
  private var loop: MainLoop?
  private var loopWatches: [Int] = []
  private var input: InputFeed?
  private var writer: CursesCanvasWriter?
  private var sources: [any DispatchSourceProtocol] = []
  /// Entered by each source and left by its cancel handler, after which dispatch no longer
  /// watches its descriptor and the descriptor may be closed.
  private var sourcesWatching = DispatchGroup()
  private var timer: (any DispatchSourceTimer)?
  private var armedDeadline: Duration?
  private var lastFrame: Duration?
  private var isPumpScheduled = false
  private var isPumping = false
  private var continuation: CheckedContinuation<Void, Never>?
  private var isQuitting = false

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
    precondition(terminal == nil, "CursesApplication.run() is already running")
    if isQuitting {
      isQuitting = false
      return
    }
    let terminal = try CursesTerminal(options: options)
    self.terminal = terminal
    let writer = CursesCanvasWriter(window: terminal.window, palette: terminal.palette)
    self.writer = writer
    frameCount = 0
    wakeCount = 0
    lastFrame = nil

    input = InputFeed(
      decoder: InputDecoder(
        escapeDelay: options.escapeDelay, sequences: terminal.keySequences,
        terminalReportsMouse: terminal.reportsMouse),
      scheduler: stage.scheduler
    ) { [weak self] event in self?.deliver(event) }
    stage.resize(to: terminal.size)
    stage.onNeedsRender = { [weak self] in self?.schedulePump() }
    if let loop = MainLoop.running, loop.isCurrentThread {
      self.loop = loop
      stage.scheduler.wakeHandler = { [weak self] in
        loop.perform { self?.wake() }
      }
    } else {
      stage.scheduler.wakeHandler = { [weak self] in
        DispatchQueue.main.async {
          MainActor.assumeIsolated { self?.wake() }
        }
      }
    }
    stage.mount()
    if let loop {
      installWatches(terminal, on: loop)
    } else {
      installSources(terminal)
    }
    pump()

    await withCheckedContinuation { continuation in
      if isQuitting {
        continuation.resume()
      } else {
        self.continuation = continuation
      }
    }

    stopWatching()
    // NB: a descriptor may be closed (by the terminal, or by the caller once run returns) only
    // after dispatch stopped watching it, which its source's cancel handler tells; closed
    // earlier, its number can be reused and the late unregistration hits the new descriptor.
    // The loop stops watching at once, so its descriptors may be closed right away.
    if loop == nil {
      await withCheckedContinuation { continuation in
        sourcesWatching.notify(queue: .main) { continuation.resume() }
      }
      sources.removeAll()
    }
    self.loop = nil
    input?.cancel()
    input = nil
    timer = nil
    armedDeadline = nil
    stage.scheduler.wakeHandler = nil
    stage.onNeedsRender = nil
    stage.unmount()
    terminal.close()
    self.terminal = nil
    self.writer = nil
    isQuitting = false
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
    if let loop {
      for watch in loopWatches { loop.unwatch(watch) }
      loopWatches.removeAll()
      if armedDeadline != nil { loop.setDeadline(after: nil) {} }
    } else {
      for source in sources { source.cancel() }
    }
    armedDeadline = nil
  }

  // MARK: Events

  private func installSources(_ terminal: CursesTerminal) {
    let queue = DispatchQueue.main
    let input = DispatchSource.makeReadSource(
      fileDescriptor: terminal.options.inputDescriptor, queue: queue)
    input.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.readInput() }
    }
    let signals = DispatchSource.makeReadSource(
      fileDescriptor: terminal.signalDescriptor, queue: queue)
    signals.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.readSignals() }
    }
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.timerFired() }
    }
    timer.schedule(deadline: .distantFuture, repeating: .never, leeway: .milliseconds(1))
    let watching = DispatchGroup()
    for source in [input, signals, timer] as [any DispatchSourceProtocol] {
      watching.enter()
      source.setCancelHandler { watching.leave() }
      source.resume()
    }
    sourcesWatching = watching
    self.timer = timer
    sources = [input, signals, timer]
  }

  private func installWatches(_ terminal: CursesTerminal, on loop: MainLoop) {
    loopWatches = [
      loop.watch(terminal.options.inputDescriptor) { [weak self] in self?.readInput() },
      loop.watch(terminal.signalDescriptor) { [weak self] in self?.readSignals() },
    ]
  }

  private func readInput() {
    guard let terminal, let input, !isQuitting else { return }
    wakeCount += 1
    switch terminal.readInput() {
    case .bytes(let bytes):
      for event in input.decode(bytes) { deliver(event) }
    case .nothing:
      break
    case .ended:
      // NB: end of file or a hung-up terminal: nothing more will come, and a level-triggered
      // source would otherwise wake the loop forever.
      quit()
      return
    }
    pump()
  }

  private func readSignals() {
    guard let terminal, !isQuitting else { return }
    wakeCount += 1
    for event in Set(terminal.drainSignalEvents()) {
      switch event {
      case .continued:
        terminal.resume()
        // NB: the rest of a sequence or paste cut by the stop went to the shell.
        for event in input?.interrupt() ?? [] { deliver(event) }
        stage.invalidateOutput()
        deliver(.resize(terminal.updateSize()))
      case .resized:
        stage.invalidateOutput()
        deliver(.resize(terminal.updateSize()))
      }
    }
    pump()
  }

  private func timerFired() {
    wakeCount += 1
    armedDeadline = nil
    // NB: posted work that the timer's turn would run (a load's result) is not paced.
    pump(paced: !stage.scheduler.hasPostedWork)
  }

  private func wake() {
    wakeCount += 1
    pump()
  }

  private func deliver(_ event: InputEvent) {
    guard !isQuitting else { return }
    switch event {
    case .resize(let size):
      stage.resize(to: size)
    case .key(let key):
      if !stage.send(key) { onUnhandledKey?(self, key) }
    case .paste(let text):
      stage.paste(text)
    case .mouse(let mouse):
      stage.send(mouse)
    }
  }

  // MARK: Frames

  /// Runs what is due, draws a frame when one is needed, and re-arms the timer.
  ///
  /// `paced` is for a turn that only timers started: its frame waits until ``frameInterval``
  /// has passed since the last one. Every other turn draws at once.
  private func pump(paced: Bool = false) {
    guard terminal != nil, !isQuitting, !isPumping else { return }
    isPumping = true
    defer { isPumping = false }
    isPumpScheduled = false
    stage.scheduler.runDue()
    if stage.needsRender && !isQuitting {
      let now = stage.scheduler.clock.now
      if paced, let lastFrame, now - lastFrame < frameInterval {
        // Too soon for a frame timers alone asked for: the timer below is armed for the frame
        // deadline, and any other event before it draws at once.
      } else {
        drawFrame()
        lastFrame = now
      }
    }
    rearm()
  }

  private func schedulePump() {
    guard !isPumping, !isPumpScheduled else { return }
    isPumpScheduled = true
    if let loop {
      loop.perform { [weak self] in self?.pump() }
    } else {
      DispatchQueue.main.async { [weak self] in
        MainActor.assumeIsolated { self?.pump() }
      }
    }
  }

  private func drawFrame() {
    guard let terminal, let writer else { return }
    stage.update()
    let changes = stage.render()
    guard !stage.size.isEmpty else { return }
    writer.write(changes, of: stage.canvas.grid)
    terminal.update()
    frameCount += 1
  }

  // NB: made once: a closure made per frame was an allocation and a weak reference per frame.
  private lazy var timerAction: @MainActor () -> Void = { [weak self] in self?.timerFired() }

  private func rearm() {
    guard timer != nil || loop != nil else { return }
    var deadline = stage.scheduler.nextDeadline
    if stage.needsRender, let lastFrame {
      let frameDeadline = lastFrame.saturatingAdding(frameInterval)
      deadline = min(deadline ?? frameDeadline, frameDeadline)
    }
    guard deadline != armedDeadline else { return }
    armedDeadline = deadline
    if let loop {
      if let deadline {
        loop.setDeadline(after: max(.zero, deadline - stage.scheduler.clock.now), timerAction)
      } else {
        loop.setDeadline(after: nil, timerAction)
      }
      return
    }
    guard let timer else { return }
    guard let deadline else {
      timer.schedule(deadline: .distantFuture, repeating: .never, leeway: .milliseconds(1))
      return
    }
    let delay = max(.zero, deadline - stage.scheduler.clock.now)
    timer.schedule(
      deadline: Self.dispatchTime(after: delay), repeating: .never, leeway: .milliseconds(1))
  }

  /// The dispatch time `delay` from now; a delay longer than dispatch can count is never.
  static func dispatchTime(after delay: Duration) -> DispatchTime {
    let nanoseconds = delay.saturatingCount(of: .nanoseconds(1))
    guard nanoseconds < Int64.max else { return .distantFuture }
    return .now() + .nanoseconds(Int(nanoseconds))
  }
}

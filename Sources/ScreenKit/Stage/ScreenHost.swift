/// The contract between a screen hierarchy and the program that shows it: every host is built
/// on it (`CursesApplication` and `EmbeddedHost` in ScreenKitCurses, `ScreenHarness` in
/// ScreenKitTesting, a program that writes escape codes itself), so a frame, a wake-up and an
/// event mean the same everywhere.
///
/// The program keeps its own loop, terminal modes and output. Input has one way in,
/// ``handle(_:)``, for keys, pastes, mouse reports, sizes and focus reports alike; the bytes a
/// program read become those events through ``decode(bytes:)``, the host's ``InputDecoder``,
/// whose Escape delay runs on the host's clock. The program sleeps until its input, a wake (the
/// `wake` closure it provides, called from any thread when work is posted, e.g. writing to its
/// own pipe) or ``timeUntilNextDeadline``; then calls ``tick()`` and, when ``needsFrame`` is
/// set, ``frame()``, and writes the returned runs' cells of ``grid`` at its own offset.
///
/// A host has no globals, installs no signal handlers and never exits, so several can live
/// side by side. Examples/ANSIHost is a complete program that writes ANSI escape codes.
///
/// ```swift
/// let host = ScreenHost(root: StatusScreen(), size: paneSize, wake: { wakePipe.signal() })
/// // in the program's loop:
/// poll([stdin, wakePipe], timeout: host.timeUntilNextDeadline)
/// for event in host.decode(bytes: bytesRead) { host.handle(event) }
/// host.tick()
/// if host.needsFrame { write(host.frame(), of: host.grid, at: paneOrigin) }
/// ```
@MainActor
public final class ScreenHost {
  /// The stage the hosted hierarchy is shown on.
  public let stage: Stage
  /// Called with each key that no screen handled (an Escape completed by ``tick()`` too); the
  /// program decides what it means, for example `q` quits.
  public var onUnhandledKey: (@MainActor (Key) -> Void)?

  private let makeDecoder: @MainActor () -> InputDecoder
  private var input: InputFeed?

  /// Creates a host showing `root` at `size` and mounts the hierarchy; nothing is drawn
  /// until ``frame()``.
  ///
  /// - Parameters:
  ///   - root: The screen at the root of the hosted hierarchy.
  ///   - size: The size of the area the program gives the screens, in cells.
  ///   - scheduler: Runs the screens' timers and posted work at ``tick()``.
  ///   - environment: The values the screens read from their environment.
  ///   - decoder: Makes the decoder of ``decode(bytes:)`` when the first bytes arrive, so a
  ///     program can read its terminal's key sequences only once its terminal is set up; a
  ///     program that leaves the mouse to the terminal says so here
  ///     (`InputDecoder(terminalReportsMouse: false)`).
  ///   - wake: Called, on any thread, when work is posted; the program wakes its loop and
  ///     calls ``tick()`` on the main actor. It must not block.
  public convenience init(
    root: Screen, size: Size, scheduler: Scheduler = Scheduler(),
    environment: EnvironmentValues = EnvironmentValues(),
    decoder: @escaping @MainActor () -> InputDecoder = { InputDecoder() },
    wake: (@Sendable () -> Void)? = nil
  ) {
    self.init(
      stage: Stage(root: root, size: size, scheduler: scheduler, environment: environment),
      decoder: decoder, wake: wake)
  }

  /// Hosts a stage made beforehand (a host that exists before its output does, as a terminal
  /// application before ``frame()`` has a terminal), and mounts it.
  package init(
    stage: Stage, decoder: @escaping @MainActor () -> InputDecoder,
    wake: (@Sendable () -> Void)?
  ) {
    self.stage = stage
    self.makeDecoder = decoder
    stage.scheduler.wakeHandler = wake
    stage.mount()
  }

  private var scheduler: Scheduler { stage.scheduler }

  /// The scheduler time of the earliest pending timer (an animation, a timeout, or the
  /// Escape deadline of ``decode(bytes:)``), or `nil` when none is set.
  public var nextDeadline: Duration? { scheduler.nextDeadline }

  /// How long the program may sleep before ``tick()`` has work, or `nil` for as long as it
  /// likes (until input or a wake).
  public var timeUntilNextDeadline: Duration? {
    nextDeadline.map { max(.zero, $0 - scheduler.clock.now) }
  }

  /// The timeout to pass to `poll`: the milliseconds until the next deadline, rounded up so
  /// the program never wakes before it, at most `Int32.max`; or -1 (wait for input or a
  /// wake) when nothing is scheduled.
  public var pollTimeout: Int32 {
    guard let wait = timeUntilNextDeadline else { return -1 }
    return Int32(clamping: wait.saturatingCount(of: .milliseconds(1)))
  }

  /// When an Escape or a sequence cut short by the last read becomes a key, unless more
  /// bytes come first.
  ///
  /// ``tick()`` at that time delivers it; ``nextDeadline`` counts it too.
  public var escapeDeadline: Duration? { input?.deadline }

  /// Whether something changed since the last ``frame()``.
  public var needsFrame: Bool { stage.needsFrame }

  /// The cells of the last frame; ``frame()``'s runs say which of them to write.
  public var grid: CellGrid { stage.canvas.grid }

  /// The size the screens are laid out in.
  public var size: Size { stage.size }

  /// Runs posted work and due timers; returns how many actions ran.
  @discardableResult
  public func tick() -> Int {
    scheduler.runDue()
  }

  /// Delivers an event and returns whether anything handled it: the one way input reaches the
  /// screens, whichever host the program is.
  ///
  /// A key or a paste goes to the focused screen (or the root), then up its parents; a Tab or
  /// Shift-Tab nobody handled moves focus, and a key in ``Stage/keyCommands`` reaches no
  /// screen. A key nothing handled goes to ``onUnhandledKey``. A mouse report goes to the
  /// topmost screen under it, then up its parents, never past a modal screen; a press first
  /// focuses the screen under it. A resize lays the screens out again at the new size and repaints the
  /// next frame whole. A focus report sets ``Stage/terminalHasFocus``. Both of these count as
  /// handled.
  ///
  /// A mouse event's position is in the screens' coordinates: a program that shows them at
  /// an offset subtracts it first.
  @discardableResult
  public func handle(_ event: InputEvent) -> Bool {
    if case .resize(let size) = event {
      resize(to: size)
      return true
    }
    let handled = stage.handle(event)
    if !handled, case .key(let key) = event { onUnhandledKey?(key) }
    return handled
  }

  /// Decodes bytes the program read from its terminal and returns the events they complete,
  /// for the program to look at (a key it takes for itself, a mouse report it moves into its
  /// pane) before it passes them to ``handle(_:)``.
  ///
  /// Characters and sequences cut between reads are kept until the rest comes; an Escape
  /// alone is delivered to the screens, through ``handle(_:)``, at ``escapeDeadline`` by
  /// ``tick()``.
  public func decode(bytes: some Sequence<UInt8>) -> [InputEvent] {
    let feed =
      input
      ?? InputFeed(decoder: makeDecoder(), scheduler: scheduler) { [weak self] event in
        self?.handle(event)
      }
    input = feed
    return feed.decode(bytes)
  }

  /// Delivers what the decoder holds of input that was cut off (the program was stopped,
  /// and the rest of a sequence or a paste went to the shell): a lone Escape, the pasted
  /// text so far.
  public func interruptInput() {
    for event in input?.interrupt() ?? [] { handle(event) }
  }

  /// Delivers what the decoder holds of a sequence cut short as if the escape delay had
  /// passed (a lone Escape is the Escape key), for bytes a program held back for that delay
  /// already before it decoded them; a paste in progress goes on.
  package func flushInput() {
    for event in input?.flushNow() ?? [] { handle(event) }
  }

  /// Lays the screens out at `size`; the next frame repaints everything.
  ///
  /// Private: a program delivers a new size as input, `handle(.resize(size))`.
  private func resize(to size: Size) {
    stage.resize(to: size)
    stage.invalidateOutput()
  }

  /// Runs one frame (``Stage/frame()``: layout, focus, draw, diff) and returns the cells of
  /// ``grid`` that changed; all of them after a resize or ``invalidateOutput()``.
  @discardableResult
  public func frame() -> FrameChanges {
    stage.frame()
  }

  /// Hands every cell over at the next frame, after the program drew over the screens' area;
  /// no screen is drawn again (the grid still holds the frame).
  public func invalidateOutput() {
    stage.invalidateOutput()
  }

  /// Unmounts the hierarchy: every screen disappears and its timers stop mattering; posted
  /// work no longer wakes the program.
  public func close() {
    input?.cancel()
    input = nil
    scheduler.wakeHandler = nil
    stage.unmount()
  }

  deinit {
    // NB: work posted later (by a load still running) must not call into a program that let
    // go of its host.
    stage.scheduler.wakeHandler = nil
  }
}

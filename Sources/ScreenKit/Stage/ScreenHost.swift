/// The contract between a screen hierarchy and the program that shows it: every host is built
/// on it (`CursesApplication` and `EmbeddedHost` in ScreenKitCurses, `ScreenHarness` in
/// ScreenKitTesting, a program that writes escape codes itself), so a frame, a wake-up and an
/// event mean the same everywhere.
///
/// The program keeps its own loop, terminal modes and output. Input has one way in,
/// ``handle(_:)``, for keys, pastes, mouse reports, sizes and focus reports alike; the bytes a
/// program reads from a terminal become those events through ScreenKitTerminal's
/// `HostInputDecoder`, whose Escape delay runs on the host's clock. The program sleeps until
/// its input, a wake (the `wake` closure it provides, called from any thread when work is
/// posted, e.g. writing to its own pipe) or ``timeUntilNextDeadline``; then calls ``tick()``
/// and, when ``needsFrame`` is set, ``frame()``, and writes the returned runs' cells of
/// ``grid`` at its own offset.
///
/// A host has no globals, installs no signal handlers and never exits, so several can live
/// side by side. Examples/ANSIHost is a complete program that writes ANSI escape codes.
///
/// ```swift
/// let host = ScreenHost(root: StatusScreen(), size: paneSize, wake: { wakePipe.signal() })
/// let input = HostInputDecoder(host: host)
/// // in the program's loop:
/// poll([stdin, wakePipe], timeout: host.timeUntilNextDeadline)
/// for event in input.decode(bytes: bytesRead) { host.handle(event) }
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

  /// Creates a host showing `root` at `size` and mounts the hierarchy; nothing is drawn
  /// until ``frame()``.
  ///
  /// - Parameters:
  ///   - root: The screen at the root of the hosted hierarchy.
  ///   - size: The size of the area the program gives the screens, in cells.
  ///   - scheduler: Runs the screens' timers and posted work at ``tick()``.
  ///   - environment: The values the screens read from their environment.
  ///   - wake: Called, on any thread, when work is posted; the program wakes its loop and
  ///     calls ``tick()`` on the main actor. It must not block.
  public convenience init(
    root: Screen, size: Size, scheduler: Scheduler = Scheduler(),
    environment: EnvironmentValues = EnvironmentValues(),
    wake: (@Sendable () -> Void)? = nil
  ) {
    self.init(
      stage: Stage(root: root, size: size, scheduler: scheduler, environment: environment),
      wake: wake)
  }

  /// Hosts a stage made beforehand (a host that exists before its output does, as a terminal
  /// application before ``frame()`` has a terminal), and mounts it.
  package init(stage: Stage, wake: (@Sendable () -> Void)?) {
    self.stage = stage
    stage.scheduler.wakeHandler = wake
    stage.mount()
  }

  private var scheduler: Scheduler { stage.scheduler }

  /// The scheduler time of the earliest pending timer (an animation, a timeout, or the
  /// Escape deadline of the program's input decoder), or `nil` when none is set.
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
    scheduler.wakeHandler = nil
    stage.unmount()
  }

  deinit {
    // NB: work posted later (by a load still running) must not call into a program that let
    // go of its host.
    stage.scheduler.wakeHandler = nil
  }
}

public import CNCurses
public import ScreenKit
public import ScreenKitTerminal

/// Hosts a ScreenKit screen inside another ncurses program, which keeps `initscr`/`endwin`,
/// its loop, its signals and the single `doupdate` of each frame.
///
/// The host program gives a WINDOW and optionally a region of it, forwards its input through
/// ``handle(_:)``, the one way in (``decode(getWchStatus:value:)`` and ``decode(bytes:)`` turn
/// what it read into events), calls ``tick()`` when ``nextDeadline`` has passed or
/// ``wakeDescriptor`` became readable, and calls ``drawFrame()`` when ``needsFrame`` is set; it
/// only `wnoutrefresh`es.
/// A host has no globals, installs no signal handlers and never exits, so several can live
/// side by side; hosts on one ncurses screen share one ``CursesPalette``. It is a
/// `ScreenHost` (the same contract for programs without ncurses) whose frames go to a window.
///
/// The terminal is the program's, so is an accessible mode: ``drawFrame()`` leaves the
/// window's cursor on the focus, and a `SemanticsAnnouncer` given ``stage`` after each frame
/// says what the hosted screens are, as lines for the program's own output.
///
/// ```swift
/// let palette = CursesPalette()
/// let pane = try EmbeddedHost(root: StatusScreen(), window: paneWindow, palette: palette)
/// // in the program's loop:
/// poll([stdin, pane.wakeDescriptor], timeout: pane.pollTimeout)
/// for event in pane.decode(getWchStatus: status, value: value) { pane.handle(event) }
/// pane.tick()
/// if pane.needsFrame { pane.drawFrame() }
/// doupdate()
/// ```
@MainActor
public final class EmbeddedHost {
  /// The stage the hosted hierarchy is shown on.
  public var stage: Stage { core.stage }
  /// The window drawn into.
  public private(set) var window: UnsafeMutablePointer<WINDOW>
  /// The region of the window the screen covers, or `nil` for the whole window.
  public private(set) var region: Rect?
  /// The writer that turns frames into window cells.
  public let writer: CursesCanvasWriter

  private let wake: WakeSignal
  private let core: ScreenHost
  /// Made at the first bytes, after the program's `newterm` (see ``decode(bytes:)``).
  private var input: HostInputDecoder?

  /// Creates a host showing `root` in `region` of `window` (all of it by default) and mounts
  /// the hierarchy; nothing is drawn until ``drawFrame()``.
  ///
  /// - Throws: `TerminalError.systemCall(_:errno:)` when the wake pipe cannot be opened.
  public init(
    root: Screen, window: UnsafeMutablePointer<WINDOW>, region: Rect? = nil,
    palette: CursesPalette, scheduler: Scheduler = Scheduler(),
    environment: EnvironmentValues = EnvironmentValues()
  ) throws(TerminalError) {
    let wake = try WakeSignal()
    self.wake = wake
    self.window = window
    self.region = region
    let area = EmbeddedHost.area(of: window, region: region)
    self.writer = CursesCanvasWriter(window: window, origin: area.origin, palette: palette)
    self.core = ScreenHost(
      root: root, size: area.size, scheduler: scheduler, environment: environment,
      wake: { wake.signal() })
  }

  /// A descriptor that becomes readable when work was posted from another thread; poll it
  /// with the program's input, then call ``tick()``.
  ///
  /// It stays open until the host is freed, also after ``close()``. A program that watches it
  /// with a dispatch source cancels that source, and waits for its cancel handler, before it
  /// lets go of the host.
  public var wakeDescriptor: Int32 { wake.readDescriptor }

  /// The timeout to pass to `poll` with ``wakeDescriptor``: the milliseconds until the next
  /// deadline, rounded up so the program never wakes before it, at most `Int32.max`; or -1
  /// (wait for input or a wake) when nothing is scheduled.
  public var pollTimeout: Int32 { core.pollTimeout }

  /// The scheduler time of the earliest pending timer, or `nil` when none is set.
  public var nextDeadline: Duration? { core.nextDeadline }

  /// How long the program may sleep before ``tick()`` has work, or `nil` for as long as it
  /// likes (until input or ``wakeDescriptor``).
  public var timeUntilNextDeadline: Duration? { core.timeUntilNextDeadline }

  /// Where the terminal's cursor belongs after the last ``drawFrame()``, in the window's
  /// coordinates (the region's offset added), or `nil` when the focused screen has none (a
  /// text field has one while it has focus).
  ///
  /// ``drawFrame()`` moves the window's cursor there (it is ``focus`` then), so a program that
  /// refreshes this window last and calls `curs_set(1)` shows it at the insertion point; the
  /// terminal's cursor is the program's, so it decides, and hides it (`curs_set(0)`) while
  /// this is `nil`.
  public private(set) var cursor: Point?

  /// Where the focused element is after the last ``drawFrame()`` (a list's selected row, a
  /// text field's insertion point), in the window's coordinates; `nil` while nothing has
  /// focus.
  ///
  /// ``drawFrame()`` moves the window's cursor there, so a program that refreshes this window
  /// last leaves the terminal's cursor on the focus, shown or not, where screen readers and
  /// braille displays look for it.
  public private(set) var focus: Point?

  /// Whether something changed since the last ``drawFrame()``.
  public var needsFrame: Bool { core.needsFrame }

  /// Runs posted work and due timers; returns how many actions ran.
  @discardableResult
  public func tick() -> Int {
    wake.drain()
    return core.tick()
  }

  /// Delivers an event in the terminal's terms and returns whether anything handled it: the
  /// one way input reaches the hosted screens, through the `ScreenHost` underneath.
  ///
  /// A resize (`KEY_RESIZE`) refits the screen to the window, whatever size it names; call
  /// ``move(to:region:)`` instead when the region itself changes. A mouse report, in screen
  /// cells, moves into the pane, and one outside the pane is left to the program (not
  /// handled). Keys, pastes and focus reports go to the screens as they are.
  @discardableResult
  public func handle(_ event: InputEvent) -> Bool {
    if case .resize = event {
      refit()
      return true
    }
    guard case .mouse(var mouse) = event else { return core.handle(event) }
    // NB: the pane is a region of a window that may not start at the screen's corner.
    let area = self.area
    let windowOrigin = Point(x: Int(sk_getbegx(window)), y: Int(sk_getbegy(window)))
    mouse.position = Point(
      x: mouse.position.x - windowOrigin.x - area.minX,
      y: mouse.position.y - windowOrigin.y - area.minY)
    guard Rect(size: area.size).contains(mouse.position) else { return false }
    return core.handle(.mouse(mouse))
  }

  /// Decodes bytes the program read from the terminal itself (with `read(2)`, not ncurses)
  /// and returns the events they complete, for ``handle(_:)``.
  ///
  /// Characters and sequences cut between reads are kept until the rest comes; an Escape
  /// alone becomes the Escape key at ``nextDeadline``, when the program calls ``tick()``.
  /// Bracketed pastes arrive whole (`Screen.handlePaste(_:)`), mouse reports in screen cells.
  /// The terminal description's key sequences are read on first use, so the program's
  /// `newterm` must come first.
  public func decode(bytes: some Sequence<UInt8>) -> [InputEvent] {
    let input =
      self.input
      ?? HostInputDecoder(
        host: core, decoder: InputDecoder(sequences: TerminalCapabilities.keySequences()))
    self.input = input
    return input.decode(bytes: bytes)
  }

  /// Decodes one `get_wch` result, its status (`OK` or `KEY_CODE_YES`) and value, into the
  /// events for ``handle(_:)``: none for any other status.
  public func decode(getWchStatus status: Int32, value: wint_t) -> [InputEvent] {
    // NB: wint_t is unsigned with glibc and signed on Darwin.
    let input: RawInput
    if status == OK {
      input = .character(UInt32(truncatingIfNeeded: value))
    } else if status == KEY_CODE_YES {
      input = .keyCode(Int32(truncatingIfNeeded: value))
    } else {
      return []
    }
    return KeyDecoder.decode([input], size: area.size)
  }

  /// Moves the screen to another window or region; the next frame repaints it whole.
  public func move(to window: UnsafeMutablePointer<WINDOW>, region: Rect? = nil) {
    self.window = window
    self.region = region
    refit()
  }

  /// Runs one frame and writes what changed into the window with `wnoutrefresh`, the window's
  /// cursor moved to ``focus`` where there is one; the program calls `doupdate`.
  public func drawFrame() {
    let changes = core.frame()
    let origin = area.origin
    cursor = changes.cursor.map { Point(x: origin.x + $0.x, y: origin.y + $0.y) }
    let rest = CursorRest(cursor: changes.cursor, focus: changes.focus, showingFocus: false)
    focus = rest.point.map { Point(x: origin.x + $0.x, y: origin.y + $0.y) }
    guard !core.size.isEmpty else { return }
    writer.write(changes, of: core.grid, cursor: rest.point)
  }

  /// Writes every cell at the next frame, after the program drew over the region.
  ///
  /// The screens are not drawn again: the stage's canvas still holds the frame, and the next
  /// frame writes all of it.
  public func invalidateOutput() {
    core.invalidateOutput()
  }

  /// Unmounts the hierarchy: every screen disappears and its timers stop mattering.
  public func close() {
    input?.cancel()
    input = nil
    core.close()
  }

  private var area: Rect { EmbeddedHost.area(of: window, region: region) }

  private func refit() {
    let area = self.area
    writer.retarget(window: window, origin: area.origin)
    core.handle(.resize(area.size))
  }

  /// The region clipped to the window, or the whole window.
  private static func area(of window: UnsafeMutablePointer<WINDOW>, region: Rect?) -> Rect {
    let bounds = Rect(size: Size(width: Int(sk_getmaxx(window)), height: Int(sk_getmaxy(window))))
    return region.map { $0.intersection(bounds) } ?? bounds
  }
}

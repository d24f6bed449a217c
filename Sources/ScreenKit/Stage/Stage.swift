/// The top of a screen hierarchy: it owns the root screen, the size, focus, the scheduler and
/// the cell canvas that frames are rendered into.
///
/// A host drives a stage (``ScreenHost`` is the contract every host is built on: the terminal
/// application, an embedding program, the test harness). It mounts the root, delivers input
/// (``ScreenHost/handle(_:)``, the one way in, so a key means the same under every host), runs
/// the scheduler, and when ``needsFrame`` is set (``onNeedsFrame`` tells it when that happens)
/// calls ``frame()`` once and writes the changed cells it is handed to its output.
///
/// ```swift
/// let host = ScreenHost(root: MyScreen(), size: Size(width: 80, height: 24))
/// host.handle(.key(.down))
/// let stage = host.stage
/// let changes = stage.frame()   // the cells of `stage.canvas.grid` that changed
/// for run in changes.runs { output.write(stage.canvas.grid.cells(in: run), x: run.x, y: run.y) }
/// ```
@MainActor
public final class Stage {
  /// The root of the hierarchy.
  public let root: Screen
  /// The timers and posted work of this hierarchy.
  public let scheduler: Scheduler
  /// The base environment every screen inherits.
  public var environment: EnvironmentValues
  /// The stage's extent in cells.
  public private(set) var size: Size
  /// The cell canvas frames are rendered into.
  public internal(set) var canvas: Canvas
  /// The screen that gets keys first, if any.
  public internal(set) weak var focusedScreen: Screen? {
    didSet {
      focusedIdentity = focusedScreen.map(ObjectIdentifier.init)
      focusNeedsUpdate = true
    }
  }
  /// Whether the root is mounted (visible).
  public private(set) var isMounted = false
  /// Whether something changed since the last ``frame()``.
  public internal(set) var needsFrame = false
  /// Whether the terminal has the user's focus, as its last focus report said
  /// (``InputEvent/terminalFocus(_:)``); `true` until a report says otherwise, and always for
  /// a terminal that does not report focus.
  ///
  /// A screen hears of each change in ``Screen/terminalFocusDidChange()``, and of what it does
  /// to its presence (``Screen/isPresent``) in ``Screen/presenceDidChange()``: work that only
  /// matters while the user looks, such as refreshing a load, can wait until focus comes back.
  public internal(set) var terminalHasFocus = true
  /// Called once each time ``needsFrame`` becomes `true`, so a host can schedule a frame.
  public var onNeedsFrame: (@MainActor () -> Void)?
  /// The keys the stage answers itself, each with what it does; empty by default, which leaves
  /// every key to the screens.
  ///
  /// The stage looks at these before routing a key to any screen, so no screen (a text field
  /// taking every key) can swallow one. They are for tools over the whole application, such as
  /// an inspector, that the application opts into; a module that offers one sets its command
  /// here.
  public var keyCommands: [Key: any StageKeyCommand] = [:]
  /// Receives every lifecycle call of screens on this stage.
  package var lifecycleObserver: (@MainActor (LifecycleEvent) -> Void)?
  /// The number of ``Screen/draw(in:)`` calls made by the last ``frame()``.
  package internal(set) var lastFrameDrawCount = 0

  var dirty: [(screen: Screen, rect: Rect)] = []
  /// The dirty list a frame is drawing, and what it drew: kept, emptied, between frames.
  var drawing: [(screen: Screen, rect: Rect)] = []
  var painted: [(screen: Screen, rect: Rect)] = []
  var redrawn: [Rect] = []
  var differ = FrameDiffer()
  var tickers: [Duration: FrameTicker] = [:]
  var needsFullRedraw = true
  var layoutQueue: [Screen] = []
  /// The focused screen's focus point in the last frame, and the screen it was read for.
  var lastFocus: (screen: ObjectIdentifier, point: Point?)?
  /// The focused screen's identity: compared without loading the weak reference, whose load
  /// and release cost a frame 300 instructions.
  var focusedIdentity: ObjectIdentifier?
  /// Whether the next frame reads the focus point again: the focused screen was redrawn or
  /// changed, a layout, a frame moved, or ``Screen/setNeedsCursorUpdate()``.
  var focusNeedsUpdate = true

  /// Creates a stage for `root` at `size`; nothing appears until ``mount()``.
  public init(
    root: Screen, size: Size, scheduler: Scheduler = Scheduler(),
    environment: EnvironmentValues = EnvironmentValues()
  ) {
    self.root = root
    self.size = size
    self.scheduler = scheduler
    self.environment = environment
    self.canvas = Canvas(size: size)
  }

  /// The stage's rectangle.
  public var bounds: Rect { Rect(size: size) }

  /// Shows the root: it loads, appears, is laid out and gets focus where it can.
  public func mount() {
    guard !isMounted else { return }
    precondition(root.parent == nil, "ScreenKit: the root screen '\(root.name)' has a parent")
    isMounted = true
    root.attach(to: self)
    root.frame = bounds
    root.beginAppearance()
    layoutIfNeeded()
    root.endAppearance()
    needsFocus = true
    resolvePendingFocus()
    setNeedsDisplay()
  }

  /// Hides the root: every screen disappears, children before parents.
  public func unmount() {
    guard isMounted else { return }
    root.beginDisappearance()
    root.endDisappearance()
    root.detach()
    focusedScreen = nil
    isMounted = false
  }

  /// Changes the size: the whole hierarchy is laid out again and redrawn.
  ///
  /// `package`: a program's new size is input, delivered as ``InputEvent/resize(_:)`` through
  /// its host, which also hands the next frame over whole.
  package func resize(to newSize: Size) {
    guard newSize != size else { return }
    size = newSize
    canvas.resetGrid(to: newSize)
    root.frame = bounds
    for screen in root.subtree { screen.setNeedsLayout() }
    setNeedsDisplay()
  }

  /// Delivers an input event: keys, pastes and mouse events are routed, sizes resize the stage,
  /// and focus reports set ``terminalHasFocus``; returns whether anything handled it (a resize
  /// and a focus report always are).
  ///
  /// Every host delivers its input here, through ``ScreenHost/handle(_:)``, so this is the one
  /// place an event is told apart; `package`, so that no host can go round its ``ScreenHost``.
  @discardableResult
  package func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .key(let key): return send(key)
    case .paste(let text): return paste(text)
    case .mouse(let mouse): return send(mouse)
    case .resize(let size):
      resize(to: size)
      return true
    case .terminalFocus(let hasFocus):
      setTerminalFocus(hasFocus)
      return true
    }
  }

  /// The shared frame ticker of this stage for `interval`, made on first use.
  public func ticker(interval: Duration) -> FrameTicker {
    if let ticker = tickers[interval] { return ticker }
    let ticker = FrameTicker(interval: interval, scheduler: scheduler)
    tickers[interval] = ticker
    return ticker
  }

  // MARK: Layout

  func scheduleLayout(_ screen: Screen) {
    layoutQueue.append(screen)
    focusNeedsUpdate = true
    markNeedsFrame()
  }

  /// Runs every pending ``Screen/layoutChildren()``, parents before children.
  public func layoutIfNeeded() {
    while !layoutQueue.isEmpty {
      let pending = layoutQueue
      layoutQueue.removeAll()
      let ordered = pending.map { ($0, depth(of: $0)) }.sorted { $0.1 < $1.1 }
      for (screen, _) in ordered where screen.needsLayout && screen.stage === self {
        screen.needsLayout = false
        screen.layoutChildren()
      }
    }
  }

  private func depth(of screen: Screen) -> Int {
    var depth = 0
    var ancestor = screen.parent
    while let current = ancestor {
      depth += 1
      ancestor = current.parent
    }
    return depth
  }

  // MARK: Invalidation

  /// Marks a rectangle of `screen` (in its own coordinates) for redrawing.
  func invalidate(_ screen: Screen, rect: Rect) {
    guard screen.stage === self, !rect.isEmpty else { return }
    if ObjectIdentifier(screen) == focusedIdentity { focusNeedsUpdate = true }
    if !needsFullRedraw {
      if dirty.count >= 64 {
        needsFullRedraw = true
        dirty.removeAll()
      } else {
        dirty.append((screen, rect))
      }
    }
    markNeedsFrame()
  }

  /// Tells the stage that the host's output no longer shows the last frame (another program
  /// drew over it, or it moved): the next frame is a full repaint, handing over every cell,
  /// without drawing any screen again.
  public func invalidateOutput() {
    differ.invalidate()
    markNeedsFrame()
  }

  /// Draws every screen again at the next frame.
  ///
  /// ``invalidateOutput()`` is what a host wants when its output was drawn over: the canvas
  /// still holds the frame, which it hands over whole without drawing any screen.
  public func setNeedsDisplay() {
    needsFullRedraw = true
    dirty.removeAll()
    markNeedsFrame()
  }

  func markNeedsFrame() {
    guard !needsFrame else { return }
    needsFrame = true
    onNeedsFrame?()
  }

  func screenWillDetach(_ screen: Screen) {
    if let focused = focusedScreen, focused.isDescendant(of: screen) {
      focusedScreen = nil
      needsFocus = true
      markNeedsFrame()
    }
  }

  var needsFocus = false
}

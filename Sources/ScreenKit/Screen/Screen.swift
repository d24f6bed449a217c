/// A node of the screen hierarchy: it owns a rectangle of the terminal, draws into it, handles
/// keys, and contains child screens, like a UIKit view controller.
///
/// Subclasses override the lifecycle hooks (``didLoad()``, ``willAppear()``, ``didAppear()``,
/// ``willDisappear()``, ``didDisappear()``, ``willMove(toParent:)``, ``didMove(toParent:)``),
/// ``layoutChildren()``, ``draw(in:)``, ``handle(_:)`` and ``handleMouse(_:)``. Initialisers and `draw(in:)` must
/// have no side effects: work starts when a screen appears.
///
/// ```swift
/// final class Greeting: Screen {
///   override func draw(in canvas: inout Canvas) {
///     canvas.drawText("Hello", at: Point(x: 1, y: 0), style: .bold)
///   }
/// }
/// ```
@MainActor
open class Screen {
  /// The screen that contains this one, if any.
  public internal(set) weak var parent: Screen?
  /// The contained screens, in drawing order: later children draw over earlier ones.
  public internal(set) var children: [Screen] = []
  /// The stage this screen is shown on, once its hierarchy is mounted.
  public internal(set) weak var stage: Stage?

  /// The rectangle the screen covers, in its parent's coordinates.
  ///
  /// Parents assign it in ``layoutChildren()``; a change of size lays the screen's own children
  /// out again, and any change redraws the area.
  public var frame: Rect = .zero {
    didSet {
      guard frame != oldValue else { return }
      frameDidChange(from: oldValue)
    }
  }

  /// Space kept free inside the frame by the default layout.
  public var margins: EdgeInsets = .zero {
    didSet { if margins != oldValue { setNeedsLayout() } }
  }

  // NB: lazy, because `String(describing:)` of a type checks what the type conforms to, which
  // scans the program's conformance records once per type (two tenths of a millisecond):
  // only a program that shows or journals names pays it.
  /// A name for hierarchy descriptions and the lifecycle journal; defaults to the type name.
  public lazy var name: String = String(describing: type(of: self))

  /// A number no other screen of the program has: screens are numbered from 1 as they are made.
  ///
  /// Lifecycle events carry it to tell apart screens that share a name; a screen's memory
  /// address cannot, as a new screen is often made where a freed one was.
  public let serialNumber: Int

  /// The title a navigation bar shows for this screen.
  open var title: String {
    get { storedTitle }
    set {
      storedTitle = newValue
      chromeDidChange()
    }
  }

  /// The keys this screen answers, for key-hint bars and help.
  open var keyHints: [KeyHint] {
    get { storedKeyHints }
    set {
      storedKeyHints = newValue
      chromeDidChange()
    }
  }

  /// Whether the screen places itself, as an overlay does: parents' layouts leave its frame
  /// alone.
  public var isFloating = false {
    didSet { if isFloating != oldValue { parent?.setNeedsLayout() } }
  }

  /// Whether the screen, while present, is the only part of its parent's subtree that can take
  /// focus, as a modal overlay is.
  ///
  /// What a modal screen covers is not present (``isPresent``): work it does only while present
  /// (refreshing on an interval, say) pauses until the modal screen goes.
  public var isModal = false {
    didSet { if isModal != oldValue, parent != nil { stage?.presenceDidChange() } }
  }
  /// Whether, as a modal screen, it makes the screens it covers absent (``isPresent``); a tool
  /// that watches the screens underneath at work (an inspector) does not.
  package var pausesScreensUnderneath = true

  /// Whether the screen takes keys first when focused.
  ///
  /// Plain containers return `false`, and a screen with an attachment that asks for it
  /// (``ScreenAttachment/makesScreenFocusable``) `true`, so that the attachment's keys reach it.
  /// An override decides alone, unless it asks `super`.
  open var canBecomeFocused: Bool { attachments.contains(where: \.makesScreenFocusable) }

  /// How Tab and Shift-Tab move focus among the screens inside; `.none` for plain screens.
  ///
  /// Containers declare it (a ``NavigationScreen`` `.screens`, a ``SplitScreen`` `.children`)
  /// and the stage does the moving. A modal screen and the root are scopes whatever they
  /// declare, `.screens` when they declare `.none`.
  open var focusScope: FocusScope { .none }

  /// Whether ``didLoad()`` has run.
  public internal(set) var isLoaded = false
  /// Where the screen is in its appearance cycle.
  public internal(set) var appearancePhase: AppearancePhase = .disappeared

  var storedTitle = ""
  var storedKeyHints: [KeyHint] = []
  var environmentOverrides = EnvironmentValues()
  /// The screen of this subtree, this one included, that last had focus: where focus returns
  /// when Tab enters a split pane again or a covered screen is shown again.
  weak var lastFocusInSubtree: Screen?
  var needsLayout = true
  /// For each child index, the bounding box of the frames of that child and all later ones;
  /// `nil` until asked after a change.
  var laterChildrenBoundsCache: [Rect]?
  /// Receive this screen's own lifecycle calls, whether or not it is on a stage.
  var lifecycleObservers: [@MainActor (LifecycleEvent) -> Void] = []
  /// The behaviours given to the screen from outside its class, in the order they were
  /// attached (``attach(_:)``), which the core consults for keys, drawing and lifecycle.
  public internal(set) var attachments: [any ScreenAttachment] = []

  /// Creates a screen; it does nothing until it is added to a mounted hierarchy.
  public init() {
    Screen.screensMade += 1
    serialNumber = Screen.screensMade
  }

  /// How many screens the program has made: the last ``serialNumber`` given.
  private static var screensMade = 0

  // MARK: Lifecycle hooks

  /// Called once, before the screen first appears.
  open func didLoad() {}
  /// Called before the screen becomes visible; its parent's `willAppear` has run.
  open func willAppear() {}
  /// Called once the screen and its children are visible.
  open func didAppear() {}
  /// Called before the screen stops being visible; its children have not yet disappeared.
  open func willDisappear() {}
  /// Called once the screen and its children have stopped being visible.
  open func didDisappear() {}

  /// Called before the screen moves to another parent, or to `nil` when it is removed.
  ///
  /// Unlike UIKit, ScreenKit calls both `willMove(toParent:)` and ``didMove(toParent:)`` on
  /// every ``addChild(_:)`` and ``removeFromParent()``; containers never call them by hand.
  open func willMove(toParent parent: Screen?) {}
  /// Called after the screen moved to another parent, or to `nil` when it was removed.
  open func didMove(toParent parent: Screen?) {}

  // MARK: Layout, drawing, input

  /// Assigns the children's frames; the default gives every child that is not floating
  /// ``contentRect``.
  open func layoutChildren() {
    for child in children where !child.isFloating { child.frame = contentRect }
  }

  /// Draws the screen's own content; the area was cleared before, children draw afterwards.
  ///
  /// This must be a pure function of the screen's state and size: no clock, no I/O, no
  /// changes to the hierarchy. It is not called for a frame in which a child covers all that
  /// is redrawn of the screen (screens are opaque).
  open func draw(in canvas: inout Canvas) {}

  /// Handles a key and returns whether it did; unhandled keys go to the parent.
  open func handle(_ key: Key) -> Bool { false }

  /// Handles pasted text and returns whether it did; unhandled pastes go to the parent, and
  /// one nobody handles is dropped (never replayed as keys).
  open func handlePaste(_ text: String) -> Bool { false }

  /// Handles a mouse event and returns whether it did; unhandled events go to the parent.
  ///
  /// The position is in this screen's own coordinates. A press has already focused the
  /// screen under it (see ``ScreenHost/handle(_:)`` for ``InputEvent/mouse(_:)``).
  open func handleMouse(_ event: MouseEvent) -> Bool { false }

  /// Called when the screen gains or loses focus; it has already been marked for redrawing.
  open func focusDidChange() {}

  /// Called on each visible screen when the terminal gains or loses the user's focus
  /// (``Stage/terminalHasFocus``), for a screen that looks or behaves differently while the
  /// user is elsewhere.
  open func terminalFocusDidChange() {}

  /// Called on each visible screen when what its presence (``isPresent``) depends on changed:
  /// the terminal's focus, or a modal screen came or went; then its attachments hear of it.
  ///
  /// A screen that refreshes its content on its own pauses and resumes that here.
  open func presenceDidChange() {}

  /// Tells the screen and then its attachments that what its presence depends on changed.
  func notifyPresenceDidChange() {
    presenceDidChange()
    for attachment in attachments { attachment.screenPresenceDidChange(self) }
  }

  /// Where the terminal's cursor shows while this screen has focus, in the screen's own
  /// coordinates; `nil`, the default, for no cursor.
  ///
  /// A text field returns its insertion point. The stage reads it for the focused screen
  /// after each frame (`FrameChanges.cursor`), and the host shows the terminal's cursor there, or
  /// hides it where there is none, where the point is outside the part of the screen that
  /// shows, or where another screen is drawn over it. A screen whose cursor moves marks
  /// the change, with ``setNeedsCursorUpdate()`` when nothing is redrawn.
  open var cursorPosition: Point? { nil }

  /// The cell that shows this screen's focus, in the screen's own coordinates: where the
  /// terminal's cursor rests while the screen has focus, shown or not.
  ///
  /// A list returns its selected row's first cell, a button its first; the default is
  /// ``cursorPosition``, and `nil` stands for the screen's top-left cell. The stage reads it
  /// for the focused screen after each frame (`FrameChanges.focus`; an attachment covering
  /// the screen answers for it), and the host leaves the terminal's cursor there, so that a
  /// screen reader or a braille display, which follow the cursor, follow the focus. It is read
  /// again in a frame that redraws this screen, lays out or moves any screen, or follows
  /// ``setNeedsCursorUpdate()``, which a screen whose focus point moves otherwise calls (one
  /// whose focus point is a child's, when the child alone redraws).
  open var focusPoint: Point? { cursorPosition }

  /// What the screen is, in words (a role, a label, a value, states, the selected item), for
  /// the accessible mode of a host, which writes it as lines in place of the grid; `nil`, the
  /// default, for a screen a reader passes over (a container that only holds others).
  ///
  /// A host reads it for the focused screen after each frame and says what changed: the
  /// whole of it when another screen has focus, only the ``Semantics/item`` when the
  /// selection moved. An attachment covering the screen answers for it
  /// (``effectiveSemantics``).
  open var semantics: Semantics? { nil }

  /// Called on each ancestor of the screens that lost and gained focus, so containers can
  /// update what depends on focus (a hint bar, a highlighted pane).
  open func descendantFocusDidChange() {}

  // MARK: Geometry

  /// The screen's own rectangle, at the origin.
  public var bounds: Rect { Rect(size: frame.size) }

  /// The bounds inside the margins, where the default layout puts children.
  public var contentRect: Rect { bounds.inset(by: margins) }

  /// The frame in stage coordinates.
  public var absoluteFrame: Rect {
    guard let parent else { return frame }
    let origin = parent.absoluteFrame.origin
    return frame.offsetBy(dx: origin.x, dy: origin.y)
  }

  /// The part of the absolute frame that ancestors do not clip away.
  public var visibleRect: Rect {
    var rect = absoluteFrame
    var ancestor = parent
    while let screen = ancestor {
      rect = rect.intersection(screen.absoluteFrame)
      ancestor = screen.parent
    }
    return rect
  }

  /// Whether the screen is appearing or has appeared.
  public var isVisible: Bool { appearancePhase == .appearing || appearancePhase == .appeared }

  /// Whether the screen is the stage's focused screen.
  public var isFocused: Bool { stage?.focusedScreen === self }

  /// Whether the screen is present: visible, and no modal screen covers it or anything inside.
  ///
  /// A modal screen inside counts too (an overlay its content presented). Work a screen does on
  /// its own (refreshing on an interval, or when the terminal's focus comes back) is for a
  /// present screen only.
  ///
  /// Walks the subtree: ask it when the screen appears and in ``presenceDidChange()``.
  public var isPresent: Bool {
    isVisible && !isCoveredByModal(pausingScreens: true)
      && !subtree.contains { $0 !== self && $0.isModal && $0.pausesScreensUnderneath }
  }

  // MARK: Invalidation

  /// Marks the whole screen for redrawing in the next frame.
  public func setNeedsDisplay() {
    stage?.invalidate(self, rect: bounds)
  }

  /// Marks a rectangle of the screen (in its own coordinates) for redrawing.
  public func setNeedsDisplay(in rect: Rect) {
    stage?.invalidate(self, rect: rect)
  }

  /// Asks for a frame in which the stage reads ``cursorPosition`` and ``focusPoint`` again,
  /// for a cursor or a focus point that moved while nothing was redrawn.
  public func setNeedsCursorUpdate() {
    stage?.focusNeedsUpdate = true
    stage?.markNeedsFrame()
  }

  /// Asks for ``layoutChildren()`` before the next frame.
  public func setNeedsLayout() {
    needsLayout = true
    stage?.scheduleLayout(self)
  }

  /// Tells the ancestors that this screen's title or key hints changed, so bars redraw.
  public func chromeDidChange() {
    var ancestor = parent
    while let screen = ancestor {
      screen.descendantChromeDidChange(self)
      ancestor = screen.parent
    }
  }

  /// Called on each ancestor when a descendant's title or key hints changed.
  open func descendantChromeDidChange(_ descendant: Screen) {}

  private func frameDidChange(from old: Rect) {
    if old.size != frame.size { setNeedsLayout() }
    stage?.focusNeedsUpdate = true
    parent?.laterChildrenBoundsCache = nil
    guard let stage, let parent else {
      stage?.setNeedsDisplay()
      return
    }
    // The uncovered old area belongs to the parent again; the new area is this screen's.
    stage.invalidate(parent, rect: old)
    stage.invalidate(self, rect: bounds)
  }
}

extension Screen {
  /// Asks the stage to focus this screen; returns whether it did.
  @discardableResult
  public func becomeFocused() -> Bool {
    stage?.focus(self) ?? false
  }

  /// Focuses this screen or, if it cannot take focus, its first descendant that can.
  @discardableResult
  public func becomeFocusedIfPossible() -> Bool {
    subtree.first(where: \.canBecomeFocused)?.becomeFocused() ?? false
  }
}

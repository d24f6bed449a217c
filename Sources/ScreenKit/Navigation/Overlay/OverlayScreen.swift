/// A modal box with a border and a title, centred over the screen that presents it, holding
/// one content screen.
///
/// Present one with ``Screen/presentOverlay(_:title:preferredContentSize:)``. While it is up
/// the covered screen keeps drawing underneath but gets no keys and no focus: focus moves to
/// the first focusable screen of the content (or to the overlay itself), Tab and Shift-Tab
/// wrap around inside the overlay (a modal ``FocusScope/screens`` scope), and keys nobody
/// inside handles skip the covered screen and go on to its ancestors (so an application-wide
/// quit key still works). Escape dismisses it unless ``dismissesOnEscape`` is `false`;
/// dismissing gives focus back to where it was.
@MainActor
public final class OverlayScreen: Screen {
  /// The screen shown inside the box.
  public let content: Screen
  /// The size the content would like, in cells, or `nil` for a default size.
  ///
  /// The default takes two thirds of the covered screen's width and half its height; the box
  /// is clamped to the covered screen either way.
  public var preferredContentSize: Size? {
    didSet { if preferredContentSize != oldValue { setNeedsLayout() } }
  }
  /// Whether Escape, when the content does not handle it, dismisses the overlay.
  public var dismissesOnEscape = true {
    didSet { chromeDidChange() }
  }
  /// Called after the overlay was dismissed and removed.
  public var onDismiss: (@MainActor () -> Void)?

  /// The screen that had focus when the overlay was presented, to give it back on dismissal.
  weak var previousFocus: Screen?

  /// The border and padding around the content.
  package static let contentInsets = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)

  /// Creates an overlay around `content`; nothing shows until it is presented.
  public init(content: Screen, title: String = "", preferredContentSize: Size? = nil) {
    self.content = content
    self.preferredContentSize = preferredContentSize
    super.init()
    self.title = title
    isFloating = true
    isModal = true
    addChild(content)
  }

  /// The title drawn in the top border.
  public override var title: String {
    get { super.title }
    set {
      super.title = newValue
      setNeedsDisplay(in: Rect(x: 0, y: 0, width: frame.width, height: 1))
    }
  }

  /// `Esc close` while Escape dismisses, plus any hints set on the overlay.
  public override var keyHints: [KeyHint] {
    get { super.keyHints + (dismissesOnEscape ? [KeyHint(.escape, "close")] : []) }
    set { super.keyHints = newValue }
  }

  /// True only when nothing inside can take focus, so keys still start inside the overlay.
  public override var canBecomeFocused: Bool {
    !content.hasFocusableDescendants
  }

  /// The content's top-left cell, inside the border, while the overlay itself has focus.
  public override var focusPoint: Point? { content.frame.origin }

  /// The content's semantics, while the overlay itself has focus.
  public override var semantics: Semantics? { content.effectiveSemantics }

  /// Tab visits the focusable screens of the content; being modal, the overlay wraps around.
  public override var focusScope: FocusScope { .screens }

  /// Whether the overlay is currently presented over a screen.
  public var isPresented: Bool { parent != nil }

  /// Removes the overlay and gives focus back to the screen that had it, if it still can.
  public func dismiss() {
    guard let covered = parent else { return }
    let stage = self.stage
    let hadFocus = focusedDescendant != nil
    removeFromParent()
    if let stage, hadFocus || stage.focusedScreen == nil {
      if let previous = previousFocus, previous.stage === stage, previous.canBecomeFocused,
        !previous.isCoveredByModal
      {
        stage.focus(previous)
      } else {
        covered.focusFirstCandidate()
      }
    }
    // The covered screen's bars (a navigation screen's hint bar) show focus that moved back.
    covered.descendantChromeDidChange(self)
    covered.chromeDidChange()
    onDismiss?()
  }

  // MARK: Screen

  /// Takes focus when the overlay appears, so the covered screen never keeps it.
  public override func didAppear() {
    if focusedDescendant == nil { focusFirstCandidate() }
  }

  /// Centres the box over the covered screen and puts the content inside the border.
  public override func layoutChildren() {
    if let covered = parent {
      let area = covered.bounds
      let box = area.centered(boxSize(in: area.size))
      // NB: the covered screen's own layout may have given the overlay any frame (the default
      // fills it); the overlay re-centres itself, which lays it out once more with the box.
      if frame != box { frame = box }
    }
    let inside = bounds.inset(by: Self.contentInsets)
    for child in children where !child.isFloating {
      child.frame = inside
    }
  }

  /// Draws the border and title; the content draws itself inside.
  public override func draw(in canvas: inout Canvas) {
    canvas.drawBorder(bounds, title: title)
  }

  /// Escape dismisses; every other key goes on past the covered screen (which never gets it)
  /// to that screen's ancestors, and when none of them handles it the stage reports it
  /// unhandled, so an application's own keys still work.
  public override func handle(_ key: Key) -> Bool {
    guard key == .escape, dismissesOnEscape else { return false }
    dismiss()
    return true
  }

  private func boxSize(in area: Size) -> Size {
    let insets = Self.contentInsets
    let wanted =
      preferredContentSize.map {
        Size(
          width: $0.width + insets.left + insets.right,
          height: $0.height + insets.top + insets.bottom)
      }
      ?? Size(
        width: max(min(area.width, 24), area.width * 2 / 3),
        height: max(min(area.height, 5), area.height / 2))
    return Size(width: min(wanted.width, area.width), height: min(wanted.height, area.height))
  }
}

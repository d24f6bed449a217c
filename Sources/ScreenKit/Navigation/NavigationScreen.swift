/// A stack of screens shown one at a time, between a title bar with a breadcrumb and a
/// key-hint bar, like a `UINavigationController`.
///
/// Only the top screen is in the hierarchy: ``push(_:)`` removes the covered screen (it
/// disappears, and stays in ``stack``) and adds the new one; ``pop()`` removes the top screen
/// and adds the covered one again, which appears without loading twice. After either, focus
/// goes to where it was in the screen now on top, or to its first focusable screen.
///
/// Keys the top screen leaves unhandled: Escape, Backspace and `h` pop (never the root, and
/// not while the top screen presents an overlay); `?` presents ``HelpScreen`` over the whole
/// navigation screen. It is a ``FocusScope/screens`` scope: Tab and Shift-Tab visit the
/// focusable screens of the top screen, and past the last one the scope around it takes over
/// (a root navigation screen wraps around). A click on a title in the breadcrumb pops to that
/// screen.
///
/// ```swift
/// let navigation = NavigationScreen(root: episodesList)
/// episodesList.onActivate = { [unowned navigation] _, row in
///   navigation.push(EpisodeDetail(row))
/// }
/// ```
@MainActor
public final class NavigationScreen: Screen {
  /// The screens on the stack, the root first and the visible one last.
  public private(set) var stack: [Screen]
  /// Whether the top row shows the title bar with the breadcrumb.
  public var showsTitleBar = true {
    didSet { barsDidChange() }
  }
  /// Whether the bottom row shows the key hints of the focused screen.
  public var showsKeyHintBar = true {
    didSet { barsDidChange() }
  }

  /// The separator between breadcrumb titles.
  static let breadcrumbSeparator = " › "

  /// Creates a navigation screen showing `root`, which can never be popped.
  public init(root: Screen) {
    stack = [root]
    super.init()
    addChild(root)
  }

  /// The visible screen: the last of ``stack``.
  public var topScreen: Screen {
    // NB: the stack is never empty; the root cannot be popped.
    stack[stack.count - 1]
  }

  /// The title of the top screen, so a container around the navigation screen shows it.
  public override var title: String {
    get { topScreen.title }
    set { super.title = newValue }
  }

  /// `Esc back` when there is something to pop and `? help`, after any hints set here.
  public override var keyHints: [KeyHint] {
    get {
      super.keyHints + (stack.count > 1 ? [KeyHint(.escape, "back")] : [])
        + [KeyHint("?", "help")]
    }
    set { super.keyHints = newValue }
  }

  /// True only while the top screen has nothing focusable (a plain text screen, say), so that
  /// navigation keys still arrive.
  public override var canBecomeFocused: Bool {
    !topScreen.hasFocusableDescendants
  }

  /// The top screen's focus point, while the navigation screen has focus for it.
  public override var focusPoint: Point? {
    let top = topScreen
    let local = top.focusPoint ?? .zero
    return Point(x: top.frame.minX + local.x, y: top.frame.minY + local.y)
  }

  /// The top screen's semantics, while the navigation screen has focus for it.
  public override var semantics: Semantics? { topScreen.effectiveSemantics }

  /// Tab visits the focusable screens of the top screen one by one.
  public override var focusScope: FocusScope { .screens }

  // MARK: Stack

  /// Pushes `screen` on top: the current top screen disappears and `screen` appears and gets
  /// focus.
  ///
  /// Pushing a screen that is already on the stack stops the program with a message.
  public func push(_ screen: Screen) {
    precondition(
      !stack.contains { $0 === screen },
      "ScreenKit: screen '\(screen.name)' is already on the navigation stack")
    topScreen.removeFromParent()
    stack.append(screen)
    show(topScreen, restoringFocus: false)
  }

  /// Pops the top screen and shows the one below it, with the focus it had; returns the popped
  /// screen, or `nil` when only the root is left.
  @discardableResult
  public func pop() -> Screen? {
    guard stack.count > 1 else { return nil }
    let popped = stack.removeLast()
    popped.removeFromParent()
    show(topScreen, restoringFocus: true)
    return popped
  }

  /// Pops everything above the root and returns the popped screens, bottom first.
  @discardableResult
  public func popToRoot() -> [Screen] {
    pop(toIndex: 0)
  }

  /// Pops everything above the screen at `index` of ``stack`` and returns the popped screens,
  /// bottom first; the screens between never appear.
  @discardableResult
  public func pop(toIndex index: Int) -> [Screen] {
    guard stack.indices.contains(index), index < stack.count - 1 else { return [] }
    let popped = Array(stack[(index + 1)...])
    stack.removeLast(stack.count - index - 1)
    // Only the top one is in the hierarchy; the others left it when they were covered.
    popped.last?.removeFromParent()
    show(topScreen, restoringFocus: true)
    return popped
  }

  /// Adds `screen` and focuses in it, where focus last was in it when `restoringFocus`.
  private func show(_ screen: Screen, restoringFocus: Bool) {
    // NB: index 0 keeps overlays presented over the navigation screen above its content.
    insertChild(screen, at: 0)
    let preferred = restoringFocus ? screen.lastFocusInSubtree : nil
    if stage != nil, presentedOverlay == nil, !screen.focusFirstCandidate(preferring: preferred),
      canBecomeFocused
    {
      becomeFocused()
    }
    barsDidChange()
    chromeDidChange()
  }

  // MARK: Layout and drawing

  /// The rows of the title bar, the content and the hint bar; bars are left out when the
  /// screen is too short for them.
  private var regions: (titleBar: Rect?, content: Rect, hintBar: Rect?) {
    var rest = contentRect
    var titleBar: Rect?
    var hintBar: Rect?
    if showsTitleBar, rest.height >= 2 {
      let split = rest.dividedAtTop(1)
      titleBar = split.top
      rest = split.rest
    }
    if showsKeyHintBar, rest.height >= 2 {
      let split = rest.dividedAtBottom(1)
      hintBar = split.bottom
      rest = split.rest
    }
    return (titleBar, rest, hintBar)
  }

  /// Gives the top screen the rows between the bars; overlays place themselves.
  public override func layoutChildren() {
    let content = regions.content
    for child in children where !child.isFloating {
      child.frame = content
    }
  }

  /// Draws the title bar and the hint bar.
  public override func draw(in canvas: inout Canvas) {
    let regions = self.regions
    if let bar = regions.titleBar { drawTitleBar(in: bar, canvas: &canvas) }
    if let bar = regions.hintBar { drawHintBar(in: bar, canvas: &canvas) }
  }

  private func drawTitleBar(in bar: Rect, canvas: inout Canvas) {
    canvas.fill(bar, with: .blank(.reverse))
    let crumbs = breadcrumb(fittingWidth: bar.width - 2)
    let x = canvas.drawText(crumbs.path, at: Point(x: bar.minX + 1, y: bar.minY), style: .reverse)
    canvas.drawText(
      crumbs.current, at: Point(x: bar.minX + 1 + x, y: bar.minY),
      style: Style.reverse.adding(.bold))
  }

  private func drawHintBar(in bar: Rect, canvas: inout Canvas) {
    var x = bar.minX + 1
    for hint in hintBarHints {
      let width = hint.key.cellWidth + 1 + hint.action.cellWidth
      // Whole hints only: a cut-off action reads as a different one.
      guard x + width <= bar.maxX else { break }
      x += canvas.drawText(hint.key, at: Point(x: x, y: bar.minY), style: .bold)
      x += 1
      x += canvas.drawText(hint.action, at: Point(x: x, y: bar.minY), style: .dim)
      x += 2
    }
  }

  /// The hints the bar shows: those of the focused screen when it is inside the navigation
  /// screen (otherwise of the top screen) and of every screen its keys reach.
  var hintBarHints: [KeyHint] {
    (focusedDescendant ?? topScreen).keyHintsInScope
  }

  /// The breadcrumb split into the path before the top screen's title (shortened from the
  /// left with `…` when it does not fit) and that title (truncated when it alone is too wide).
  func breadcrumb(fittingWidth width: Int) -> (path: String, current: String) {
    let crumbs = breadcrumbLayout(fittingWidth: width)
    return (crumbs.path, crumbs.current)
  }

  /// The stack index of the breadcrumb title drawn at column `x` of the title bar, if any.
  private func breadcrumbIndex(atColumn x: Int, bar: Rect) -> Int? {
    let crumbs = breadcrumbLayout(fittingWidth: bar.width - 2)
    guard !crumbs.path.isEmpty else { return nil }
    let titles = stack.map { $0.title.isEmpty ? $0.name : $0.title }
    var start = bar.minX + 1 + (crumbs.isElided ? ("…" + Self.breadcrumbSeparator).cellWidth : 0)
    for index in (stack.count - 1 - crumbs.keptCount)..<(stack.count - 1) {
      let width = titles[index].cellWidth
      if x >= start && x < start + width { return index }
      start += width + Self.breadcrumbSeparator.cellWidth
    }
    return nil
  }

  private func breadcrumbLayout(
    fittingWidth width: Int
  ) -> (path: String, current: String, keptCount: Int, isElided: Bool) {
    let titles = stack.map { $0.title.isEmpty ? $0.name : $0.title }
    let separator = Self.breadcrumbSeparator
    let current = titles[titles.count - 1]
    guard current.cellWidth < width else {
      return ("", current.truncated(toWidth: width), 0, false)
    }
    let ancestors = titles.dropLast()
    let elision = "…" + separator
    var used = current.cellWidth
    var kept: [String] = []
    for (index, title) in ancestors.enumerated().reversed() {
      let cost = title.cellWidth + separator.cellWidth
      // Room for `… › ` must remain unless this is the last title left to place.
      let reserve = index > 0 ? elision.cellWidth : 0
      guard used + cost + reserve <= width else { break }
      kept.insert(title, at: 0)
      used += cost
    }
    let path = kept.map { $0 + separator }.joined()
    if kept.count < ancestors.count {
      return used + elision.cellWidth <= width
        ? (elision + path, current, kept.count, true) : ("", current, 0, false)
    }
    return (path, current, kept.count, false)
  }

  private func barsDidChange() {
    setNeedsLayout()
    setNeedsDisplay()
  }

  private func redrawBars() {
    let regions = self.regions
    if let bar = regions.titleBar { setNeedsDisplay(in: bar) }
    if let bar = regions.hintBar { setNeedsDisplay(in: bar) }
  }

  // MARK: Events

  /// Redraws the bars when a title or key hints below changed, and hands focus to a top
  /// screen that has just become focusable.
  ///
  /// A container that mounts its content later (once loaded, say) calls `chromeDidChange()`,
  /// which lands here.
  public override func descendantChromeDidChange(_ descendant: Screen) {
    redrawBars()
    if isFocused, presentedOverlay == nil, topScreen.focusFirstCandidate() {
      redrawBars()
    }
  }

  /// Redraws the hint bar, which shows this screen's hints while it is focused.
  public override func focusDidChange() {
    redrawBars()
  }

  /// Redraws the hint bar, which shows the focused screen's hints.
  public override func descendantFocusDidChange() {
    redrawBars()
  }

  /// Pops to the screen whose title was clicked in the breadcrumb.
  public override func handleMouse(_ event: MouseEvent) -> Bool {
    guard event.isClick, let bar = regions.titleBar, bar.contains(event.position) else {
      return false
    }
    guard topScreen.presentedOverlay == nil,
      let index = breadcrumbIndex(atColumn: event.position.x, bar: bar)
    else { return true }
    pop(toIndex: index)
    return true
  }

  /// Pops on Escape, Backspace or `h`, and shows help on `?`.
  public override func handle(_ key: Key) -> Bool {
    switch key {
    case .escape, .backspace, .character("h"):
      guard stack.count > 1, topScreen.presentedOverlay == nil else { return false }
      pop()
      return true
    case .character("?"):
      presentHelp()
      return true
    default:
      return false
    }
  }
}

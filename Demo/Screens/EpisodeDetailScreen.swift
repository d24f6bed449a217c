import ScreenKit

/// An episode's detail as the container variant shows it: a plain screen built from a value
/// it already has, which `LoadingController` builds once and updates on refresh.
final class EpisodeDetailScreen: Screen {
  /// The detail shown; setting it redraws (a refresh keeps the scroll position).
  var detail: EpisodeDetail {
    didSet {
      scrollOffset = min(scrollOffset, view.maxOffset(for: bounds.size))
      setNeedsDisplay()
      chromeDidChange()
    }
  }
  /// Stars the episode shown, or takes its star away (the `s` key); `nil` where the demo
  /// keeps no cache to change, as in the comparison.
  var onToggleStar: (@MainActor (EpisodeDetail) -> Void)? {
    didSet { chromeDidChange() }
  }
  private var scrollOffset = 0

  /// Creates the screen for a loaded detail.
  init(detail: EpisodeDetail) {
    self.detail = detail
    super.init()
  }

  /// Scrolling, and starring where the screen can.
  override var keyHints: [KeyHint] {
    get {
      [KeyHint("↑↓", "scroll")]
        + (onToggleStar == nil ? [] : [EpisodeDetailView.starHint(for: detail)])
    }
    set { super.keyHints = newValue }
  }

  private var view: EpisodeDetailView { EpisodeDetailView(detail: detail) }

  /// `#07 Title`, for the breadcrumb.
  override var title: String {
    get { detail.episode.title }
    set { super.title = newValue }
  }

  /// The detail takes focus so its keys (and the hints of its container) are live.
  override var canBecomeFocused: Bool { true }

  /// The first character of the top line shown, past the margin: the heading, unscrolled.
  override var focusPoint: Point? { EpisodeDetailView.focusPoint }

  /// The episode in words, for the accessible mode.
  override var semantics: Semantics? { detail.semantics }

  /// Draws the detail from the scroll offset.
  override func draw(in canvas: inout Canvas) {
    view.draw(in: &canvas, bounds: bounds, offset: scrollOffset)
  }

  /// Scrolls with the arrows and j/k; `s` stars.
  override func handle(_ key: Key) -> Bool {
    if key == "s", let onToggleStar {
      onToggleStar(detail)
      return true
    }
    guard let delta = EpisodeDetailView.scrollDelta(for: key) else { return false }
    scroll(by: delta)
    return true
  }

  /// Scrolls with the wheel.
  override func handleMouse(_ event: MouseEvent) -> Bool {
    guard let delta = EpisodeDetailView.scrollDelta(for: event) else { return false }
    scroll(by: delta)
    return true
  }

  private func scroll(by delta: Int) {
    let offset = view.offset(scrollOffset, scrolledBy: delta, in: bounds.size)
    guard offset != scrollOffset else { return }
    scrollOffset = offset
    setNeedsDisplay()
  }
}

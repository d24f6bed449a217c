import ScreenKit
import ScreenKitLoading

/// An episode's detail as the `Loading` protocol variant shows it: one screen that loads its
/// own value and adds no node to the hierarchy.
///
/// It follows the pattern of the `Loading` documentation: a stored `ScreenLoad`, `configure`,
/// and loading in `didAppear`. The core does the rest through the `ScreenLoad`: focus, the
/// loading keys, the spinner, error and refresh badge, and cancelling when the screen
/// disappears. It cannot exist without its `loader`.
final class ProtocolEpisodeDetailScreen: Screen, Loading {
  /// The stored state the protocol extension needs.
  let screenLoad = ScreenLoad<EpisodeDetail>()
  /// Called when the first value is configured: this variant's counterpart of mounting a
  /// built child, for the trace's `mount` (a refresh configures again without it).
  var onMount: (@MainActor () -> Void)?
  /// Stars the episode shown, or takes its star away (the `s` key); `nil` where the demo
  /// keeps no cache to change, as in the comparison.
  var onToggleStar: (@MainActor (EpisodeDetail) -> Void)?

  private let episode: Episode
  private let options: LoadOptions
  private let cache: LoadCache<Int, EpisodeDetail>?
  private let fetchDetail: @Sendable () async throws -> EpisodeDetail
  private var detail: EpisodeDetail?
  private var scrollOffset = 0

  /// Creates the screen for `episode`; `loader` runs when it appears.
  ///
  /// With a `cache`, a detail seen before shows at once and is refreshed.
  init(
    episode: Episode, options: LoadOptions, cache: LoadCache<Int, EpisodeDetail>? = nil,
    loader: @escaping @Sendable () async throws -> EpisodeDetail
  ) {
    self.episode = episode
    self.options = options
    self.cache = cache
    self.fetchDetail = loader
    super.init()
  }

  /// Shows a loaded (or refreshed) detail.
  func configure(value: EpisodeDetail) {
    let isFirst = detail == nil
    detail = value
    scrollOffset = min(scrollOffset, EpisodeDetailView(detail: value).maxOffset(for: bounds.size))
    setNeedsDisplay()
    chromeDidChange()
    if isFirst { onMount?() }
  }

  /// The episode's title, known from the list before the detail arrives.
  override var title: String {
    get {
      if case .failed(_, nil) = loadState { return "Error" }
      return episode.title
    }
    set { super.title = newValue }
  }

  /// The keys that are live in the current state.
  override var keyHints: [KeyHint] {
    get {
      switch loadState {
      case .loaded, .refreshing:
        [KeyHint("↑↓", "scroll"), KeyHint("r", "refresh")]
          + (onToggleStar == nil ? [] : detail.map { [EpisodeDetailView.starHint(for: $0)] } ?? [])
      case .failed(_, nil): [KeyHint("r", "retry")]
      case .failed: [KeyHint("r", "retry"), KeyHint(.escape, "dismiss")]
      case .idle, .loading: []
      }
    }
    set { super.keyHints = newValue }
  }

  /// Starts the load when first shown, or again after a cancelled one.
  override func didAppear() {
    guard case .idle = loadState else { return }
    load(cache: cache?.slot(for: episode.number), options: options, fetchDetail)
  }

  /// The first character of the top line shown, as the container's detail; the load's
  /// spinner or error answers for the screen while it covers it.
  override var focusPoint: Point? { EpisodeDetailView.focusPoint }

  /// The episode in words, for the accessible mode; the load answers for the screen while
  /// its spinner or error covers it.
  override var semantics: Semantics? {
    detail?.semantics ?? Semantics(role: .text, label: episode.title)
  }

  /// Draws the detail; the core draws the spinner or error instead while they cover it, and
  /// the refresh badge over it.
  override func draw(in canvas: inout Canvas) {
    if let detail {
      EpisodeDetailView(detail: detail).draw(in: &canvas, bounds: bounds, offset: scrollOffset)
    }
  }

  /// Scrolls with the arrows and j/k, stars with `s`; the loader gets the keys this does not take (refresh)
  /// and all of them while it covers the screen.
  override func handle(_ key: Key) -> Bool {
    if key == "s", let detail, let onToggleStar {
      onToggleStar(detail)
      return true
    }
    guard detail != nil, let delta = EpisodeDetailView.scrollDelta(for: key) else { return false }
    scroll(by: delta)
    return true
  }

  /// Scrolls with the wheel; while the loader covers the screen, the core gives it the mouse
  /// instead.
  override func handleMouse(_ event: MouseEvent) -> Bool {
    guard detail != nil, let delta = EpisodeDetailView.scrollDelta(for: event) else {
      return false
    }
    scroll(by: delta)
    return true
  }

  private func scroll(by delta: Int) {
    guard let detail else { return }
    let offset = EpisodeDetailView(detail: detail).offset(
      scrollOffset, scrolledBy: delta, in: bounds.size)
    guard offset != scrollOffset else { return }
    scrollOffset = offset
    setNeedsDisplay()
  }
}

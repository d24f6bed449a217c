import ScreenKit

/// The two loading variants side by side on the same load of one episode: the container
/// (`LoadingController`) on the left, the `Loading` protocol on the right, each in a
/// ``HierarchyPane`` showing its live hierarchy, its state and its load time.
///
/// Tab moves between the panes; `r` reloads the focused side.
final class CompareScreen: Screen {
  /// The split holding the two panes.
  let split: SplitScreen
  private let episode: Episode

  /// Creates the comparison; `container` and `protocolScreen` must load the same value.
  init(episode: Episode, container: HierarchyPane, protocolScreen: HierarchyPane) {
    self.episode = episode
    split = SplitScreen(axis: .horizontal, panes: [container, protocolScreen])
    super.init()
    addChild(split)
    keyHints = [KeyHint(.tab, "switch pane")]
  }

  /// `Compare #07 Title`, for the breadcrumb.
  override var title: String {
    get { "Compare \(episode.title)" }
    set { super.title = newValue }
  }
}

import ScreenKit

/// The episodes browser: a header line about the series and one list mixing collections and
/// episodes through `ListRowDisplayable`; Enter opens the selected row.
///
/// Built once from a loaded ``Catalogue`` and updated in place on refresh, so the selection
/// and scroll position survive a reload.
final class EpisodesScreen: Screen {
  /// Called with the episode whose row was activated.
  var onOpenEpisode: (@MainActor (Episode) -> Void)?
  /// Called with the collection whose row was activated.
  var onOpenCollection: (@MainActor (EpisodeCollection) -> Void)?
  /// Called whenever the selection moves, with the selected row.
  var onSelect: (@MainActor (any ListRowDisplayable) -> Void)?

  /// The catalogue shown.
  private(set) var catalogue: Catalogue
  /// The collection the list is narrowed to, or `nil` for the whole series.
  let collectionID: String?
  private let list: ListScreen

  /// Creates the browser for the whole series, or for one collection.
  init(catalogue: Catalogue, collectionID: String? = nil) {
    self.catalogue = catalogue
    self.collectionID = collectionID
    list = ListScreen(rows: [], emptyMessage: "No episodes")
    super.init()
    list.rows = rows
    list.onActivate = { [weak self] _, row in self?.open(row) }
    list.onSelect = { [weak self] _, row in self?.onSelect?(row) }
    addChild(list)
  }

  /// "Episodes", or the collection's name.
  override var title: String {
    get {
      guard let collectionID else { return "Episodes" }
      return catalogue.collection(id: collectionID)?.name ?? collectionID
    }
    set { super.title = newValue }
  }

  /// Shows a newer catalogue, keeping the selected row where it can.
  func update(catalogue: Catalogue) {
    self.catalogue = catalogue
    list.rows = rows
    setNeedsDisplay()
    chromeDidChange()
  }

  private var rows: [any ListRowDisplayable] {
    guard let collectionID else { return catalogue.rows }
    return catalogue.episodes(in: collectionID)
  }

  private func open(_ row: any ListRowDisplayable) {
    if let episode = row as? Episode {
      onOpenEpisode?(episode)
    } else if let collection = row as? EpisodeCollection {
      onOpenCollection?(collection)
    }
  }

  // MARK: Layout and drawing

  /// The header takes the first row (and a blank one under it when there is room).
  override func layoutChildren() {
    let header = bounds.height > 6 ? 2 : min(1, bounds.height)
    list.frame = bounds.dividedAtTop(header).rest
  }

  /// Draws the header: the series and what the list holds.
  override func draw(in canvas: inout Canvas) {
    guard bounds.height > 1 else { return }
    let summary: String
    if let collectionID, let collection = catalogue.collection(id: collectionID) {
      summary = " · \(collection.summary) · \(collection.episodeCount) episodes"
    } else {
      summary =
        " · \(catalogue.episodes.count) episodes in \(catalogue.collections.count) collections"
    }
    let x =
      1
      + canvas.drawText(
        catalogue.series, at: Point(x: 1, y: 0), style: Style(foreground: .cyan, attributes: .bold),
        maxWidth: bounds.width - 2)
    canvas.drawText(
      summary, in: Rect(x: x, y: 0, width: max(0, bounds.width - x - 1), height: 1), style: .dim)
  }
}

import ScreenKit

/// One directory of the file browser: a header with the path and counts, and a list of its
/// entries (directories first); Enter opens the selected entry.
///
/// Updated in place on refresh, so the selection stays on the same name.
final class FileBrowserScreen: Screen {
  /// Called with the entry whose row was activated.
  var onOpen: (@MainActor (FileEntry) -> Void)?

  private(set) var listing: DirectoryListing
  private let list: ListScreen

  /// Creates the screen for a loaded listing.
  init(listing: DirectoryListing) {
    self.listing = listing
    list = ListScreen(rows: listing.entries, emptyMessage: "Empty directory")
    super.init()
    list.onActivate = { [weak self] _, row in
      if let entry = row as? FileEntry { self?.onOpen?(entry) }
    }
    addChild(list)
    // NB: the parent entry comes first; start on the first real entry when there is one.
    if listing.entries.first?.kind == .parent, listing.entries.count > 1 { list.select(1) }
  }

  /// The directory's name, for the breadcrumb.
  override var title: String {
    get { listing.path.lastComponent }
    set { super.title = newValue }
  }

  /// Shows a newer listing of the same directory.
  func update(listing: DirectoryListing) {
    self.listing = listing
    list.rows = listing.entries
    setNeedsDisplay()
  }

  /// The header takes two rows when there is room.
  override func layoutChildren() {
    let header = bounds.height > 6 ? 2 : min(1, bounds.height)
    list.frame = bounds.dividedAtTop(header).rest
  }

  /// Draws the path and the entry counts.
  override func draw(in canvas: inout Canvas) {
    guard bounds.height > 1 else { return }
    let directories = listing.entries.count { $0.kind == .directory }
    let counts =
      listing.isTruncated
      ? " · first \(listing.count) of more entries, \(directories) directories"
      : " · \(listing.count) entries, \(directories) directories"
    let countsWidth = counts.cellWidth
    let pathWidth = max(0, bounds.width - 2 - countsWidth)
    // NB: a long path keeps its end, which is the part that tells directories apart.
    var path = listing.path.description
    if path.cellWidth > pathWidth {
      let tail = String(path.reversed()).truncated(toWidth: max(0, pathWidth - 1), ellipsis: "")
      path = "…" + String(tail.reversed())
    }
    let x =
      1
      + canvas.drawText(
        path, at: Point(x: 1, y: 0), style: Style(foreground: .cyan, attributes: .bold),
        maxWidth: pathWidth)
    canvas.drawText(
      counts, in: Rect(x: x, y: 0, width: max(0, bounds.width - x - 1), height: 1), style: .dim)
  }
}

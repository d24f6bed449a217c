import ScreenKit
import ScreenKitTesting
import Testing

/// Groups the navigation, split, overlay, list, text and help suites, so that
/// `swift test --filter Navigation` runs them all.
@Suite enum Navigation {}

/// An episode model, one of two model types shown side by side in one list.
struct Episode: ListRowDisplayable {
  var title: String
  var minutes: Int
  var detail: String? { "\(minutes) min" }
}

/// A collection model, the other type shown in the same list.
struct EpisodeCollection: ListRowDisplayable {
  var title: String
  var episodeCount: Int
  var badge: String? { "\(episodeCount)" }
}

/// A plain row with only a title.
struct PlainRow: ListRowDisplayable {
  var title: String
}

/// Counts how often list rows read their title.
final class TitleReads: @unchecked Sendable {
  var count = 0
}

/// A row that counts every read of its title, to prove which rows a list draws.
struct CountingRow: ListRowDisplayable {
  var index: Int
  var reads: TitleReads
  var title: String {
    reads.count += 1
    return "Row \(index)"
  }
}

/// Stands in for a loading container: forwards its child's title and reports when it
/// mounts the child, as `LoadingController` does.
@MainActor
final class TitleForwardingScreen: Screen {
  private var content: Screen?

  init(name: String) {
    super.init()
    self.name = name
  }

  override var title: String {
    get { content?.title ?? "Loading" }
    set { content?.title = newValue }
  }

  func mount(_ child: Screen) {
    content = child
    addChild(child)
    chromeDidChange()
  }
}

/// A probe with a title, for navigation tests.
@MainActor
func titledProbe(
  _ name: String, title: String? = nil, focusable: Bool = true, handles keys: Set<Key> = []
) -> ProbeScreen {
  let probe = ProbeScreen(name, focusable: focusable, handles: keys)
  probe.title = title ?? name
  return probe
}

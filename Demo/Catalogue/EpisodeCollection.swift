import ScreenKit

/// A named group of episodes; it is its own row in the episodes list, next to episodes.
struct EpisodeCollection: Decodable, Sendable, Hashable, ListRowDisplayable {
  /// The id episodes refer to.
  let id: String
  /// The collection's name, in any script.
  let name: String
  /// One line about the collection.
  let summary: String
  /// How many episodes belong to it; filled in by ``Catalogue``, not read from the file.
  var episodeCount = 0

  private enum CodingKeys: String, CodingKey {
    case id
    case name = "title"
    case summary
  }

  /// `▸ Name`, so collections stand apart from the numbered episodes.
  var title: String { "▸ \(name)" }
  /// The summary, dimmed.
  var detail: String? { summary }
  /// The episode count, right-aligned.
  var badge: String? { episodeCount == 1 ? "1 episode" : "\(episodeCount) episodes" }
  /// The name alone: the marker, and the count said with the whole row, are for the eye; a
  /// move says as little as it can (docs/accessibility.md).
  var accessibilityLabel: String { name }
}

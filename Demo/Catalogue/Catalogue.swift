import ScreenKit

/// A video series: its name, its collections and its episodes, as the catalogue JSON has them.
struct Catalogue: Decodable, Sendable, Equatable {
  /// The series' name.
  let series: String
  /// The collections, with their episode counts filled in.
  let collections: [EpisodeCollection]
  /// Every episode, by number.
  let episodes: [Episode]

  private enum CodingKeys: String, CodingKey {
    case series
    case collections
    case episodes
  }

  /// Decodes the file and counts each collection's episodes.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    series = try container.decode(String.self, forKey: .series)
    let episodes = try container.decode([Episode].self, forKey: .episodes)
      .sorted { $0.number < $1.number }
    self.episodes = episodes
    collections = try container.decode([EpisodeCollection].self, forKey: .collections).map {
      var collection = $0
      collection.episodeCount = episodes.count { $0.collection == collection.id }
      return collection
    }
  }

  /// The collection with `id`, if any.
  func collection(id: String) -> EpisodeCollection? {
    collections.first { $0.id == id }
  }

  /// The episodes of collection `id`, by number.
  func episodes(in id: String) -> [Episode] {
    episodes.filter { $0.collection == id }
  }

  /// The rows of the episodes browser: collections first, then every episode.
  ///
  /// Both types conform to `ListRowDisplayable`, so one list shows them side by side.
  var rows: [any ListRowDisplayable] {
    let collectionRows: [any ListRowDisplayable] = collections
    return collectionRows + episodes
  }
}

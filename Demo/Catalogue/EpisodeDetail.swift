/// What an episode's detail screen shows: the episode, its collection and its neighbours there.
struct EpisodeDetail: Sendable, Equatable {
  /// The series' name.
  let series: String
  /// The episode.
  let episode: Episode
  /// The collection it belongs to, when the catalogue has it.
  let collection: EpisodeCollection?
  /// The other episodes of that collection, by number.
  let related: [Episode]
  /// Whether the user starred the episode.
  var isStarred = false

  /// The detail, starred or not.
  func starred(_ isStarred: Bool) -> EpisodeDetail {
    var detail = self
    detail.isStarred = isStarred
    return detail
  }
}

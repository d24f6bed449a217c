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
}

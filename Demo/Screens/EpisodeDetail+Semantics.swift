import ScreenKit

extension EpisodeDetail {
  /// The detail in words for the accessible mode: its episode, date, length, synopsis and
  /// star, as the screen draws them.
  var semantics: Semantics {
    let episode = self.episode
    var parts = [episode.date, "\(episode.durationMinutes) min", episode.synopsis]
    if isStarred { parts.append("starred") }
    return Semantics(role: .text, label: episode.title, value: parts.joined(separator: ", "))
  }
}

import ScreenKit
import ScreenKitLoading

/// The episode details browsers keep by number: one for a terminal's browser, one for every
/// session of `Demo serve`, so a detail one session loaded (or starred) shows in all.
@MainActor
package final class EpisodeDetails {
  let cache = LoadCache<Int, EpisodeDetail>(
    name: "episode details", timeToLive: .seconds(300), countLimit: 50)

  /// An empty cache.
  package init() {}
}

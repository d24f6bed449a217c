import Locking
import ScreenKit
import ScreenKitTesting
import Testing

/// An episode as the documentation's examples show it.
struct Episode: ListRowDisplayable, Sendable, Equatable {
  var title: String
  var minutes = 20
  var isStarred = false
  var detail: String? { "\(minutes) min" }

  /// The episode starred, or not.
  func starred(_ isStarred: Bool) -> Episode {
    var episode = self
    episode.isStarred = isStarred
    return episode
  }
}

/// A collection of episodes, a row of another type beside them in a list.
struct EpisodeCollection: ListRowDisplayable, Sendable {
  var title: String
  var badge: String? { "8 episodes" }
}

/// The documentation's `catalogue`: each test points it at its own scripted load.
let catalogue = Catalogue()

/// The suites whose tests point the one `catalogue` at their own loader: they run one test at
/// a time, across suites too (`.serialized` on a suite orders only its own tests).
@Suite(.serialized) enum CatalogueSuites {}

/// What the examples load from; `episode(_:)` waits on the current test's loader.
final class Catalogue: Sendable {
  private let loader = Locked<FakeLoader<Episode>?>(nil)
  private let changes = Locked<FakeLoader<Episode?>?>(nil)

  /// Makes later `episode(_:)` calls wait on `loader`.
  func use(_ loader: FakeLoader<Episode>) {
    self.loader.withLock { $0 = loader }
  }

  /// Makes later `star(_:)` calls wait on `loader`.
  func useForChanges(_ loader: FakeLoader<Episode?>) {
    changes.withLock { $0 = loader }
  }

  /// Stars an episode: the episode as the server keeps it, or `nil`, as the current test's
  /// change loader answers.
  func star(_ number: Int) async throws -> Episode? {
    guard let loader = changes.withLock({ $0 }) else { throw CancellationError() }
    return try await loader.load()
  }

  func episode(_ number: Int) async throws -> Episode {
    guard let loader = loader.withLock({ $0 }) else { throw CancellationError() }
    return try await loader.load()
  }

  /// The episodes of the catalogue: the one the current test's loader answers.
  func episodes() async throws -> [Episode] {
    [try await episode(1)]
  }

  /// The episodes matching `text`: the one the current test's loader answers for it.
  func search(_ text: String) async throws -> [Episode] {
    [try await episode(text.count)]
  }
}

/// A failure as a load reports it.
struct ServerDown: Error, CustomStringConvertible {
  var description: String { "The server is down" }
}

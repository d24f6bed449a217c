import FoundationEssentials
import Locking
package import ScreenKit
import ScreenKitSimulation

/// The demo's back end: it reads the catalogue (bundled or `--data`), and makes every load
/// behave like a network request, with latency and jitter slept on an injected clock and with
/// failures chosen by `--fail-first` and by `--fail-rate` from a seeded generator.
///
/// Each call is one load: it is traced (`load_start`, `load_end`), counted, delayed and maybe
/// failed, then decodes the JSON afresh, so a `--data` file fixed after an error is read on
/// retry. Calls run off the main actor and are cancelled with their task.
package final class CatalogueService: Sendable {
  private struct State {
    var generator: SeededRandom
    var loads = 0
    /// The episodes starred, as the server keeps them.
    var starred: Set<Int> = []
  }

  private let source: CatalogueSource
  private let network: NetworkConditions
  private let clock: ScreenClock
  private let trace: Trace
  private let state: Locked<State>

  /// Creates a service; tests pass `.instant` conditions or a clock they control.
  package init(
    source: CatalogueSource = .bundled, network: NetworkConditions,
    clock: ScreenClock = .continuous, trace: Trace = .disabled
  ) {
    self.source = source
    self.network = network
    self.clock = clock
    self.trace = trace
    self.state = Locked(State(generator: SeededRandom(seed: network.seed)))
  }

  /// The number of loads started so far.
  var loadCount: Int { state.withLock { $0.loads } }

  /// Loads the whole catalogue.
  func catalogue() async throws -> Catalogue {
    try await request { try await self.decode() }
  }

  /// Loads the detail of episode `number`.
  func episode(number: Int) async throws -> EpisodeDetail {
    try await request { try await self.detail(number: number) }
  }

  /// Stars episode `number`, or takes its star away, as a request that may fail like any
  /// other; returns the detail as the server now has it.
  func star(number: Int, _ isStarred: Bool) async throws -> EpisodeDetail {
    try await request {
      let detail = try await self.detail(number: number)
      self.state.withLock { state in
        if isStarred { state.starred.insert(number) } else { state.starred.remove(number) }
      }
      return detail.starred(isStarred)
    }
  }

  private func detail(number: Int) async throws -> EpisodeDetail {
    let catalogue = try await decode()
    guard let episode = catalogue.episodes.first(where: { $0.number == number }) else {
      throw CatalogueError.noSuchEpisode(number)
    }
    return EpisodeDetail(
      series: catalogue.series, episode: episode,
      collection: catalogue.collection(id: episode.collection),
      related: catalogue.episodes(in: episode.collection).filter { $0.number != number },
      isStarred: state.withLock { $0.starred.contains(number) })
  }

  // MARK: Simulation

  /// Runs one simulated request: trace, latency, injected failure, then `body`.
  private func request<T>(_ body: @Sendable () async throws -> T) async throws -> T {
    trace.record(.loadStart)
    defer { trace.record(.loadEnd) }
    let (load, delay, failureRoll) = state.withLock { state in
      state.loads += 1
      let spread = network.jitter * (2 * Double.random(in: 0..<1, using: &state.generator) - 1)
      let roll = Double.random(in: 0..<1, using: &state.generator)
      return (state.loads, network.latency * max(0, 1 + spread), roll)
    }
    if delay > .zero { try await clock.sleep(for: delay) }
    if load <= network.failFirst {
      throw CatalogueError.failFirst(load: load, of: network.failFirst)
    }
    if failureRoll < network.failRate {
      throw CatalogueError.failRate(load: load, rate: network.failRate)
    }
    return try await body()
  }

  /// The most a `--data` file may hold; anything longer (an endless device, a wrong file)
  /// is refused with an error naming this limit, so memory stays bounded.
  static let readLimit = 8 * 1024 * 1024

  private func decode() async throws -> Catalogue {
    let bytes: [UInt8]
    let path: String
    switch source {
    case .bundled:
      path = "(bundled)"
      bytes = Array(BundledCatalogue.json.utf8)
    case .file(let file):
      path = file
      do {
        bytes = try await FileReader.read(path: Path(argument: file), limit: Self.readLimit).bytes
      } catch let error as FileSystemError {
        throw CatalogueError.unreadableFile(path: file, reason: error.reason)
      }
    }
    if let problem = JSONSyntax.encodingProblem(in: bytes) {
      throw CatalogueError.invalidJSON(path: path, reason: problem)
    }
    do {
      return try JSONDecoder().decode(Catalogue.self, from: Data(bytes))
    } catch let error as DecodingError {
      // NB: the decoder does not say where the syntax breaks; the checker does.
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
        let problem = JSONSyntax.problem(in: bytes)
      {
        throw CatalogueError.invalidJSON(path: path, reason: problem)
      }
      throw CatalogueError.invalidJSON(path: path, reason: error.summary)
    }
  }
}

// swift-format-ignore-file
import ScreenKit
import ScreenKitLoading

/// README, "Loading, two ways": the section's three blocks, verbatim, in one scope, as a reader
/// pastes them into one file: a name that one block uses and none declares, or that two blocks
/// declare, fails the build here. The tests of the container, the cache and the protocol
/// screen run what it declares.
@MainActor struct LoadingSection {
  // snippet: readme-loading-container
  final class EpisodeScreen: Screen {   // a plain screen that knows nothing of loading
    let episode: Episode
    init(_ episode: Episode) { self.episode = episode; super.init() }
    override func draw(in canvas: inout Canvas) { canvas.drawText(episode.title, at: .zero) }
  }
  let detail = LoadingController(load: { try await catalogue.episode(7) }) { episode in
    EpisodeScreen(episode)
  }
  // end-snippet

  // snippet: readme-loading-protocol
  final class LoadingEpisodeScreen: Screen, Loading {
    let screenLoad = ScreenLoad<Episode>()
    var episode: Episode?
    func configure(value: Episode) { episode = value; setNeedsDisplay() }
    override func didAppear() { load { try await catalogue.episode(7) } }
    override func draw(in canvas: inout Canvas) {
      canvas.drawText(episode?.title ?? "", at: .zero)
    }
  }
  // end-snippet

  // snippet: readme-loading-cache
  let details = LoadCache<Int, Episode>(timeToLive: .seconds(300), countLimit: 50)
  @MainActor func detail(_ number: Int) -> LoadingController<Episode> {
    LoadingController(
      load: { try await catalogue.episode(number) }, cache: details.slot(for: number)
    ) { EpisodeScreen($0) }
  }
  // end-snippet
}

package import ScreenKit
import ScreenKitLoading

/// The default mode: a navigation screen over the episodes list, which opens collections and
/// episodes, loading each episode's detail the way `--variant` says.
@MainActor
package final class EpisodeBrowser {
  private weak var navigation: NavigationScreen?
  private let service: CatalogueService
  private let variant: Variant
  private let settings: DisplaySettings
  /// Episode details already seen (or prefetched): opening one shows it at once, then
  /// refreshes it; starring one changes it here first, and in every browser sharing it.
  private let details: LoadCache<Int, EpisodeDetail>
  /// The wait before the selected episode's detail is prefetched, cancelled when the
  /// selection moves on: holding ↓ through the list loads nothing.
  private var prefetchTimer: Scheduler.Timer?
  /// How long the selection rests on an episode before its detail is prefetched.
  static let prefetchDelay = Duration.milliseconds(150)

  /// Creates the browser, keeping details in `details` (which other browsers may share);
  /// nothing loads until its root appears.
  package init(
    service: CatalogueService, variant: Variant, settings: DisplaySettings,
    details: EpisodeDetails = EpisodeDetails()
  ) {
    self.service = service
    self.variant = variant
    self.settings = settings
    self.details = details.cache
  }

  /// The root of the hierarchy: a navigation screen over the whole series.
  ///
  /// The screens it opens keep the browser alive; the browser holds the root only weakly.
  package func makeRoot() -> NavigationScreen {
    let root = NavigationScreen(root: episodesController(collectionID: nil))
    navigation = root
    return root
  }

  /// The list of the whole series, or of one collection, loaded through a controller.
  private func episodesController(collectionID: String?) -> Screen {
    let service = self.service
    return DemoLoading.controller(
      settings: settings, title: collectionID == nil ? "Episodes" : nil,
      load: { try await service.catalogue() },
      build: { (catalogue: Catalogue) -> EpisodesScreen in
        let screen = EpisodesScreen(catalogue: catalogue, collectionID: collectionID)
        screen.onOpenEpisode = { self.open($0) }
        screen.onSelect = { [weak screen] row in
          if let screen { self.prefetch(row as? Episode, from: screen) }
        }
        screen.onOpenCollection = {
          self.navigation?.push(self.episodesController(collectionID: $0.id))
        }
        return screen
      },
      update: { (screen: EpisodesScreen, catalogue: Catalogue) in
        screen.update(catalogue: catalogue)
      })
  }

  /// Prefetches the detail of the episode the selection rests on, so opening it shows it at
  /// once; the comparison, which keeps no cache, prefetches nothing.
  private func prefetch(_ episode: Episode?, from screen: Screen) {
    guard let stage = screen.stage else { return }
    if let prefetchTimer { stage.scheduler.cancel(prefetchTimer) }
    prefetchTimer = nil
    guard let episode, case .one = variant else { return }
    let service = self.service
    prefetchTimer = stage.scheduler.schedule(after: Self.prefetchDelay) {
      [weak self, weak screen] in
      guard let self, screen != nil else { return }
      self.prefetchTimer = nil
      self.details.prefetch(episode.number, on: stage.scheduler) {
        try await service.episode(number: episode.number)
      }
    }
  }

  /// Stars the episode of `detail`, or takes its star away: every screen showing it shows the
  /// change at once, and takes it back with the error if the server fails (`--fail-rate`).
  private func toggleStar(_ detail: EpisodeDetail) {
    guard let stage = navigation?.stage else { return }
    let service = self.service
    let number = detail.episode.number
    let isStarred = !detail.isStarred
    details.mutate(
      number, on: stage.scheduler, optimistic: { $0.starred(isStarred) },
      perform: { try await service.star(number: number, isStarred) })
  }

  private func open(_ episode: Episode) {
    if let prefetchTimer, let stage = navigation?.stage { stage.scheduler.cancel(prefetchTimer) }
    prefetchTimer = nil
    switch variant {
    case .one(.container): navigation?.push(containerDetail(episode))
    case .one(.protocol): navigation?.push(protocolDetail(episode))
    case .compare: navigation?.push(compare(episode))
    }
  }

  // MARK: The two variants

  // NB: both variants keep details in the browser's cache; the comparison, which feeds both
  // sides one fetch of its own, does not.

  private func containerDetail(
    _ episode: Episode, load: (@Sendable () async throws -> EpisodeDetail)? = nil,
    onHierarchyChange: (@MainActor () -> Void)? = nil
  ) -> LoadingController<EpisodeDetail> {
    let service = self.service
    let starring = load == nil
    return DemoLoading.controller(
      settings: settings, title: episode.title,
      load: load ?? { try await service.episode(number: episode.number) },
      build: { (detail: EpisodeDetail) -> EpisodeDetailScreen in
        let screen = EpisodeDetailScreen(detail: detail)
        if starring { screen.onToggleStar = { self.toggleStar($0) } }
        return screen
      },
      update: { screen, detail in screen.detail = detail },
      cache: load == nil ? details : nil, key: episode.number,
      onHierarchyChange: onHierarchyChange)
  }

  private func protocolDetail(
    _ episode: Episode, load: (@Sendable () async throws -> EpisodeDetail)? = nil
  ) -> ProtocolEpisodeDetailScreen {
    let service = self.service
    let trace = settings.trace
    let screen = ProtocolEpisodeDetailScreen(
      episode: episode, options: settings.loadingOptions, cache: load == nil ? details : nil,
      loader: load ?? { try await service.episode(number: episode.number) })
    screen.onMount = { trace.record(.mount) }
    if load == nil { screen.onToggleStar = { self.toggleStar($0) } }
    return screen
  }

  /// Both variants on one shared fetch, each in a pane that shows what it is doing.
  private func compare(_ episode: Episode) -> CompareScreen {
    let service = self.service
    let shared = SharedLoad { try await service.episode(number: episode.number) }
    // NB: weak, or the pane would own its controller's spinner factory, which owns the pane.
    weak var containerPane: HierarchyPane?
    let controller = containerDetail(
      episode, load: shared.loader(),
      onHierarchyChange: { containerPane?.hierarchyDidChange() })
    let left = HierarchyPane(title: "LoadingController (container)", variant: controller)
    containerPane = left
    let detail = protocolDetail(episode, load: shared.loader())
    let right = HierarchyPane(title: "Loading protocol (extension)", variant: detail)
    // A load, retry or refresh on either side starts the other too, so both always show the
    // same fetch; a side already in flight ignores the call, which ends the ping-pong.
    controller.onStateChange = { [weak left, weak detail] state in
      left?.stateDidChange(state)
      if state.isInFlight { detail?.reload() }
    }
    detail.screenLoad.onStateChange = { [weak right, weak controller] state in
      right?.stateDidChange(state)
      if state.isInFlight { controller?.reload() }
    }
    return CompareScreen(episode: episode, container: left, protocolScreen: right)
  }
}

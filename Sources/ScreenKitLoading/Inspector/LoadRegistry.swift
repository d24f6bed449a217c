package import ScreenKit

/// The loads and caches of one scheduler, for the load inspector of a stage on it: screens'
/// loads register as they start, caches as screens use them (or a prefetch or a change runs on
/// the scheduler).
///
/// It holds everything weakly, and lists a screen's load only while its screen is on the stage
/// inspected.
@MainActor
package final class LoadRegistry {
  private struct Load {
    weak var runner: (any LoadRunnerInspecting)?
    weak var screen: Screen?
  }

  private struct Cache {
    weak var cache: (any LoadCacheInspecting)?
  }

  /// A scheduler's registry, kept for as long as the scheduler lives.
  private struct Owner {
    weak var scheduler: Scheduler?
    let registry: LoadRegistry
  }

  /// The registry of each scheduler a load or a cache ran on.
  ///
  /// Kept here rather than by the scheduler, as the core knows nothing of loading; keyed by
  /// identity, and an entry whose scheduler is gone (its identity may be another's by now) is
  /// dropped.
  private static var owners: [ObjectIdentifier: Owner] = [:]

  private var loads: [Load] = []
  private var caches: [Cache] = []

  /// The registry of `scheduler`, made on first use (`Scheduler.loadRegistry`).
  static func registry(of scheduler: Scheduler) -> LoadRegistry {
    let id = ObjectIdentifier(scheduler)
    if let owner = owners[id], owner.scheduler === scheduler { return owner.registry }
    // NB: a new scheduler: the registries of those gone go with it, so the table holds about
    // as many entries as there are live schedulers.
    owners = owners.filter { $0.value.scheduler != nil }
    let registry = LoadRegistry()
    owners[id] = Owner(scheduler: scheduler, registry: registry)
    return registry
  }

  /// Lists `runner`, the load of `screen`, while the screen is on the stage.
  package func add(_ runner: any LoadRunnerInspecting, of screen: Screen) {
    loads.removeAll { $0.runner == nil || $0.screen == nil || $0.runner === runner }
    loads.append(Load(runner: runner, screen: screen))
  }

  /// Lists `cache`.
  package func add(_ cache: any LoadCacheInspecting) {
    caches.removeAll { $0.cache == nil }
    if !caches.contains(where: { $0.cache === cache }) { caches.append(Cache(cache: cache)) }
  }

  /// The live loads of screens on `stage`, titled by their screens, then each cache's entries.
  package func sections(on stage: Stage) -> [LoadInspectionSection] {
    var screenRows: [LoadInspectionRow] = []
    var seen = caches.compactMap(\.cache)
    for load in loads {
      guard let runner = load.runner, let screen = load.screen, screen.stage === stage,
        var row = runner.inspectionRow()
      else { continue }
      row.owner = row.showsValue && !screen.title.isEmpty ? screen.title : screen.name
      screenRows.append(row)
      if let cache = runner.inspectedCache, !seen.contains(where: { $0 === cache }) {
        seen.append(cache)
      }
    }
    var sections = [LoadInspectionSection(title: "Screens", rows: screenRows)]
    for cache in seen {
      sections.append(
        LoadInspectionSection(title: "Cache \(cache.name)", rows: cache.inspectionRows()))
    }
    return sections
  }
}

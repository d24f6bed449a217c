import ScreenKitTesting
import Testing

@testable import ScreenKit
@testable import ScreenKitLoading

/// What the load inspector of a stage lists, when its scheduler is shared: each stage its own
/// screens' loads, both the caches that ran a prefetch or a change there.
@MainActor
@Suite struct LoadRegistryTests {
  @Test func aStageListsItsOwnScreensLoadsAndEveryCacheThatRanOnItsScheduler() {
    let scheduler = Scheduler()
    let loader = FakeLoader<String>()
    let screens = LoadCache<String, String>(name: "screens")
    let changed = LoadCache<String, String>(name: "changed")
    let stages = ["a", "b"].map { key in
      Stage(
        root: LoadingController(
          source: loader.source(.callback), cache: screens.slot(for: key)
        ) { TextScreen(text: $0) },
        size: Size(width: 20, height: 4), scheduler: scheduler)
    }
    for stage in stages { stage.mount() }
    changed.mutate("x", on: scheduler, optimistic: { $0 }, perform: { nil })

    for (stage, key) in zip(stages, ["a", "b"]) {
      let sections = scheduler.loadRegistry.sections(on: stage)
      #expect(sections.map(\.title) == ["Screens", "Cache changed", "Cache screens"])
      #expect(sections[0].rows.map(\.key) == [key])
      #expect(sections[1].rows.map(\.key) == ["x"])
    }
    for stage in stages { stage.unmount() }
  }
}

import ScreenKit

extension Scheduler {
  /// The loads and caches that ran here, which the load inspector of a stage on this scheduler
  /// lists: a cache's prefetches and changes name the scheduler they run on, not a stage.
  package var loadRegistry: LoadRegistry { LoadRegistry.registry(of: self) }
}

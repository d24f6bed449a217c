import TerminalProcess

/// The change of a process's thread counters between two samples.
struct ThreadDelta: Sendable {
  /// Voluntary context switches, summed over the threads.
  var voluntarySwitches = 0
  /// Involuntary context switches, summed over the threads.
  var involuntarySwitches = 0
  /// CPU time, summed over the threads.
  var cpu: Duration = .zero

  /// The change from `before` to `after`; a thread that appeared in between counts from zero,
  /// one that ended in between is lost (the window is short, and the demo's threads persist).
  init(from before: [Int32: ThreadSample], to after: [Int32: ThreadSample]) {
    for (id, sample) in after {
      let earlier = before[id] ?? ThreadSample()
      voluntarySwitches += sample.voluntarySwitches - earlier.voluntarySwitches
      involuntarySwitches += sample.involuntarySwitches - earlier.involuntarySwitches
      cpu += sample.cpu - earlier.cpu
    }
  }
}

import ScreenKitSimulation

/// One virtual clock and the harnesses that read it, so that moving time in any of them runs
/// the timers, sleepers and load tasks of all, in time order.
@MainActor
final class SharedTime {
  /// The clock every harness here reads.
  let clock = VirtualClock()
  // NB: weak, as each harness holds its shared time: a harness a test dropped is left out.
  private var members: [() -> ScreenHarness?] = []

  /// The harnesses still alive, in the order they joined.
  var harnesses: [ScreenHarness] { members.compactMap { $0() } }

  /// Adds `harness` to those advanced together.
  func join(_ harness: ScreenHarness) {
    members.append { [weak harness] in harness }
  }
}

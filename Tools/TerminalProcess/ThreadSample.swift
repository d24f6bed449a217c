/// What the kernel counted for one thread.
public struct ThreadSample: Sendable {
  /// Switches where the thread gave up the CPU (it blocked or slept): what a design causes.
  public var voluntarySwitches = 0
  /// Switches where the scheduler took the CPU away: what other load on the machine causes.
  public var involuntarySwitches = 0
  /// Time spent on a CPU.
  public var cpu: Duration = .zero

  /// A sample of nothing counted yet.
  public init() {}
}

import PropertyBased
import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

extension Reliability {
  /// Random interleavings of loads, completions, keys, resizes, containment changes, pushes,
  /// pops, refreshes and time, for both loading variants inside a navigation screen.
  ///
  /// After every step: each mounted loading screen shows exactly one of loading, error or
  /// content; lifecycle calls are balanced and ordered; parent and child links agree; exactly
  /// the mounted screens have the stage and have appeared; focus stays in the mounted tree;
  /// the canvas keeps its cell rules; nothing is loaded, built or mounted into a screen that
  /// left the tree. At the end nothing is left running. A failure names the seed
  /// (`.fixedSeed(...)` reproduces it) and the shrunk script.
  @MainActor
  @Suite struct InterleavingPropertyTests {
    nonisolated static let cases: [(LoadingVariant, InterleavingProfile)] = LoadingVariant.allCases
      .flatMap { variant in InterleavingProfile.allCases.map { (variant, $0) } }

    @Test(arguments: cases)
    func randomInterleavingsKeepEveryInvariant(
      variant: LoadingVariant, profile: InterleavingProfile
    ) async {
      await propertyCheck(count: 50, input: InterleavingScript.generator(length: 10...40)) {
        script in
        let problems = await Self.run(script, variant: variant, profile: profile).problems
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
      }
    }

    /// Guards the property above against passing vacuously: the generated scripts do reach
    /// every loading state, every form of load and both slots.
    @Test(arguments: LoadingVariant.allCases)
    func generatedScriptsReachEveryLoadingState(variant: LoadingVariant) async {
      var generator = Xoshiro(seed: (8, 2, 0, 26))
      var states: Set<String> = []
      var transitions: Set<String> = []
      for _ in 0..<60 {
        let script = InterleavingScript.generator(length: 10...40).run(using: &generator)
        let world = await Self.run(script, variant: variant, profile: .defaults)
        states.formUnion(world.statesSeen)
        transitions.formUnion(world.transitionsSeen)
      }
      let expectedStates: Set<String> = [
        "loading", "loaded", "refreshing", "failed", "failed (showing last value)",
      ]
      #expect(states.isSuperset(of: expectedStates), "reached only \(states.sorted())")
      let expectedTransitions: Set<String> = [
        "loading → loaded", "loading → failed", "failed → loading", "loaded → refreshing",
        "refreshing → loaded", "refreshing → failed (showing last value)",
        // Only a stream fails after its value without a refresh.
        "loaded → failed (showing last value)",
      ]
      #expect(
        transitions.isSuperset(of: expectedTransitions), "made only \(transitions.sorted())")
    }

    /// Runs a script and returns the problems found (those of the first step that broke an
    /// invariant, with the trace up to it, or those found at the end) and the states seen.
    static func run(
      _ script: InterleavingScript, variant: LoadingVariant, profile: InterleavingProfile
    ) async -> (problems: [String], statesSeen: Set<String>, transitionsSeen: Set<String>) {
      let world = InterleavingWorld(variant: variant, profile: profile)
      var problems: [String] = []
      for (index, step) in script.steps.enumerated() {
        await world.perform(step)
        let found = world.problems()
        if !found.isEmpty {
          problems = ["after step \(index + 1) (\(step)):"] + found
          break
        }
      }
      let ending = await world.finish()
      if problems.isEmpty && !ending.isEmpty { problems = ["at the end:"] + ending }
      if problems.isEmpty { return ([], world.statesSeen, world.transitionsSeen) }
      let trace = world.trace.enumerated().map { "  \($0 + 1). \($1)" }
      return (problems + ["trace:"] + trace, world.statesSeen, world.transitionsSeen)
    }
  }
}

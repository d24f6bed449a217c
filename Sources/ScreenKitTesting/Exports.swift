// The virtual clock, the manual executor and the seeded generator live in ScreenKitSimulation,
// which does not link swift-testing (so the benchmarks and the demo can use them); tests see
// them here as before.
@_exported public import ScreenKitSimulation

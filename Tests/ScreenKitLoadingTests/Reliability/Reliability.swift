import Testing

/// Groups the property-based suites of loading, so that `swift test --filter Reliability` runs
/// them with the core's.
@Suite enum Reliability {}

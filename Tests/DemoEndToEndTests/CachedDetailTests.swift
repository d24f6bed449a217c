import Foundation
import Testing

extension DemoEndToEndTests {
  /// An episode opened again shows at once from the cache, then refreshes, in both variants.
  @Suite("Cached episode details")
  struct CachedDetailTests {
    static let detail = "More in Building UIs"

    @Test(arguments: ["container", "protocol"])
    func anEpisodeOpenedAgainShowsAtOnceThenRefreshes(variant: String) async throws {
      let demo = try TmuxSession(["--latency", "1", "--variant", variant])
      defer { demo.close() }
      try await demo.waitFor(DemoEndToEndTests.firstEpisode)
      try demo.send("j", "j", "j", "j", "j", "Enter")
      try await demo.waitFor(Self.detail)
      try demo.send("h")
      try await demo.waitUntil("the list again") { screen in
        screen.contains(DemoEndToEndTests.firstEpisode) && !screen.contains(Self.detail)
      }

      // Every screen from the moment Enter is sent is looked at: none shows the spinner.
      var spinnerScreens: [String] = []
      try demo.send("Enter")
      let cached = try await demo.waitUntil("the cached detail") { screen in
        if screen.contains("Loading…") { spinnerScreens.append(screen) }
        return screen.contains(Self.detail)
      }
      #expect(spinnerScreens.first == nil, "the spinner showed")
      #expect(cached.contains("2016-11-23 · 26 min · Building UIs"))
      #expect(cached.contains("refreshing"))

      try await demo.waitUntil("the refresh to end") { screen in
        if screen.contains("Loading…") { spinnerScreens.append(screen) }
        return !screen.contains("refreshing") && screen.contains(Self.detail)
      }
      #expect(spinnerScreens.first == nil, "the spinner showed")
    }
  }
}

import Foundation
import Testing

extension DemoEndToEndTests {
  /// The demo's load inspector, prefetching and starring in a real terminal.
  @Suite("Load inspector, prefetch and stars in the demo")
  struct LoadInspectorEndToEndTests {
    @Test(arguments: ["container", "protocol"])
    func f12ListsThePrefetchedEpisodeAndEscClosesIt(variant: String) async throws {
      let demo = try TmuxSession(["--latency", "0.3", "--variant", variant])
      defer { demo.close() }
      try await demo.waitFor(DemoEndToEndTests.firstEpisode)
      // Resting on #02 prefetches its detail: the inspector lists it in the details cache.
      try demo.send("j", "j", "j", "j", "j")
      try demo.send("F12")
      try await demo.waitFor("Loads", "Cache episode details", "stale")
      try demo.send("Escape")
      try await demo.waitFor(DemoEndToEndTests.firstEpisode, without: ["Cache episode details"])

      try demo.send("Enter")
      try await demo.waitFor(CachedDetailTests.detail)
      try demo.send("s")
      try await demo.waitFor("★ #02")
      try demo.send("q")
      #expect(try await demo.exitStatus() == 0)
      let settings = try await demo.terminalSettings()
      #expect(settings.before == settings.after)
    }
  }
}

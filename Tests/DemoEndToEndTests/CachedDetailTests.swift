import Foundation
import Testing

extension DemoEndToEndTests {
  /// An episode opened again shows at once from the cache, then refreshes, in both variants.
  @Suite("Cached episode details")
  struct CachedDetailTests {
    static let detail = "More in Building UIs"
    /// The detail's line of facts: a run of text only the detail writes (the list writes
    /// "Building UIs" too, in its collection row).
    static let facts = "2016-11-23 · 26 min · Building UIs"

    @Test(arguments: ["container", "protocol"])
    func anEpisodeOpenedAgainShowsAtOnceThenRefreshes(variant: String) async throws {
      let demo = try TmuxSession(["--latency", "1", "--variant", variant])
      defer { demo.close() }
      try await demo.waitFor(DemoEndToEndTests.firstEpisode)
      try demo.send("j", "j", "j", "j", "j", "Enter")
      try await demo.waitFor(Self.detail)
      // NB: the first opening's spinner was written before its detail, and the list's frame
      // after `h` after both: once that frame is in the record (which lags the pane), what
      // follows the mark comes from the second opening on. A mark taken when the pane showed
      // the list once fell before the list's frame, whose collection row says "Building".
      try await demo.waitForOutput(Self.facts)
      let detailRecorded = demo.outputByteCount()
      try demo.send("h")
      try await demo.waitFor(DemoEndToEndTests.firstEpisode, without: [Self.detail])
      try await demo.waitForOutput(DemoEndToEndTests.firstEpisode, from: detailRecorded)
      let mark = demo.outputByteCount()

      try demo.send("Enter")
      let cached = try await demo.waitFor(Self.detail, Self.facts)
      try await demo.waitUntil("the refresh to end") { screen in
        !screen.contains("refreshing") && screen.contains(Self.detail)
      }
      // Every byte the demo wrote from Enter to its exit is looked at, so a spinner shown for
      // a single frame is caught: the badge and the cached detail were written, the spinner
      // never. NB: "Loading…" is the spinner's label; episode titles have "Loading" too.
      try demo.send("q")
      #expect(try await demo.exitStatus() == 0)
      try await demo.waitForOutput("EXIT=0")
      let again = demo.output(from: mark)
      let hint = "output after Enter:\n\(again.text)\nscreen:\n\(cached)"
      #expect(again.wrote("refreshing", before: Self.facts), "\(hint)")
      #expect(again.contains(Self.facts), "\(hint)")
      #expect(!again.contains("Loading…"), "the spinner showed; \(hint)")
      let spinnerGlyphs = again.text.unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }
      #expect(spinnerGlyphs.isEmpty, "a spinner frame showed; \(hint)")
    }
  }
}

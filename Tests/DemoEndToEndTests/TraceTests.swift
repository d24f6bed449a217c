import Foundation
import Testing

extension DemoEndToEndTests {
  /// `--trace` into a pipe whose reader goes away (`--trace >(head -n1)`).
  @Suite("--trace")
  struct TraceTests {
    /// The reader takes one line and exits: the session goes on, later lines are dropped, and
    /// one line after exit says that tracing stopped and why.
    @Test func aTraceReaderThatGoesAwayStopsTracingNotTheSession() async throws {
      let demo = try TmuxSession(
        ["--latency", "0.2", "--trace", "trace.fifo"],
        before: "mkfifo trace.fifo; (head -n1 trace.fifo > head.out; touch head.done) & ")
      defer { demo.close() }
      try await demo.waitFor(DemoEndToEndTests.firstEpisode)
      // Each refresh traces two lines; once the reader is gone, the next one meets a closed
      // pipe.
      try await demo.waitForFile("head.done")
      for _ in 0..<3 {
        try demo.send("r")
        try await demo.waitUntil("the refresh to end") { screen in
          !screen.contains("refreshing") && screen.contains(DemoEndToEndTests.firstEpisode)
        }
      }
      try demo.send("j", "j", "j", "j", "j", "Enter")
      try await demo.waitFor("More in Building UIs")
      try demo.send("q")
      #expect(try await demo.exitStatus() == 0)
      let settings = try await demo.terminalSettings()
      #expect(settings.before == settings.after)
      let head = try await demo.fileAfterExit("head.out")
      #expect(head.hasPrefix("start "))
      let message = try await demo.standardError()
      #expect(message.split(separator: "\n").count == 1, "stderr: \(message)")
      #expect(
        message.hasPrefix("Demo: tracing stopped: cannot write to trace file 'trace.fifo': "),
        "stderr: \(message)")
      #expect(message.contains("Broken pipe"), "stderr: \(message)")
    }
  }
}

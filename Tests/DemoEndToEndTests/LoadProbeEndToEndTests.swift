import Foundation
import Testing

/// `Demo load-probe`, the program the benchmarks time from outside: what it shows, what it
/// traces, and what it refuses.
@Suite(
  "Demo load-probe in a real terminal", .serialized,
  .enabled(if: Shell.hasTmux, "tmux is not installed"))
struct LoadProbeEndToEndTests {
  @Test(arguments: ["container", "protocol"])
  func showsTheSpinnerThenTheLineAndTracesTheLoad(variant: String) async throws {
    let demo = try TmuxSession([
      "load-probe", variant, "--seconds", "0.6", "--text", "probe-line-shown",
      "--trace", "trace.log",
    ])
    defer { demo.close() }
    let loaded = try await demo.waitFor("probe-line-shown")
    #expect(!loaded.contains("Loading…"))
    // NB: the spinner shows for 0.6 s only; the recorded output has it whenever the test looks.
    let output = try await demo.waitForOutput("probe-line-shown")
    #expect(output.wrote("Loading…", before: "probe-line-shown"), "output:\n\(output.text)")
    try demo.send("q")
    #expect(try await demo.exitStatus() == 0)
    let text = try String(
      contentsOf: demo.directory.appendingPathComponent("trace.log"), encoding: .utf8)
    let events = text.split(separator: "\n").map { $0.split(separator: " ") }
    #expect(events.map { String($0[0]) } == ["start", "load_start", "load_end", "mount"])
    let times = events.compactMap { $0.count == 2 ? Double($0[1]) : nil }
    #expect(times == times.sorted())
    if times.count == 4 { #expect(times[2] - times[1] >= 0.6) }
  }

  @Test func refusesToCompareInOneLine() throws {
    let output = try Shell.run([try DemoBinary.require(), "load-probe", "compare"])
    #expect(output.status != 0)
    #expect(output.stderr.contains("load-probe measures one variant"))
  }
}

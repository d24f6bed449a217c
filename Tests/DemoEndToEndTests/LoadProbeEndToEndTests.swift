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
    try await demo.waitFor("probe-line-shown", without: ["Loading…"])
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

  /// The Swift runtime, libdispatch and Foundation are linked into the demo, not loaded: a
  /// dozen shared libraries cost start-up time (the dynamic linker maps and relocates each)
  /// and memory (their relocated pages), which the benchmarks' first frame and peak RSS show.
  @Test func linksTheSwiftRuntimeAndFoundationIntoTheProgram() async throws {
    let demo = try TmuxSession(["load-probe", "--seconds", "30"])
    defer { demo.close() }
    _ = try await demo.waitFor("Loading")
    let files = try ProcessMemory.mappedFiles(of: try await demo.demoProcessID())
    let loaded = files.filter { path in
      let name = path.split(separator: "/").last.map(String.init) ?? path
      return ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime"]
        .contains { name.hasPrefix($0) }
    }
    #expect(files.contains { $0.hasSuffix("/Demo") }, "mapped: \(files.sorted())")
    #expect(loaded.isEmpty, "loaded at run time: \(loaded.sorted())")
    try demo.send("q")
    #expect(try await demo.exitStatus() == 0)
  }
}

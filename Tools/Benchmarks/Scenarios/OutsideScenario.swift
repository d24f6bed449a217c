#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The demo as a user meets it, measured from outside the process beside a C + ncurses
/// program doing the same job: each program runs on its own pty at 80x24 and at 200x60,
/// every byte is stamped on the leader side with `CLOCK_MONOTONIC`, and the programs' trace
/// files say on the same clock when `main` began and when the load ended.
///
/// Runs alternate (container, C, protocol, container, C, …) so that load on the machine hits
/// every program alike; CPU and context switches come from `/proc/PID/task/*/` and `wait4`.
///
/// The `runloops` instance runs the container probe on each of the demo's run loops instead
/// (libdispatch's main queue, and the poll loop draining that queue), the figures the run-loop
/// decision (docs/decisions) rests on.
final class OutsideScenario: Scenario {
  let name: String
  private(set) var comparisonTables: [ComparisonTable] = []
  /// The programs measured, the C reference last; `nil` for the two loading variants.
  private let demos: [ProbeProgram]?

  init(name: String = "outside", demos: [ProbeProgram]? = nil) {
    self.name = name
    self.demos = demos
  }

  /// The run-loop comparison.
  static var runLoops: OutsideScenario {
    OutsideScenario(
      name: "runloops",
      demos: [
        .demo(runLoop: "dispatch", label: "dispatch queue"),
        .demo(runLoop: "", label: "poll + main queue"),
      ])
  }

  func run(_ settings: RunSettings) async -> [Figure] {
    let reference: String
    switch ProbeProgram.buildReference() {
    case .success(let path): reference = path
    case .failure(let error):
      return [.notMeasured(name, "measured from outside", unit: "", reason: error.reason)]
    }
    defer { unlink(reference) }
    let demos = self.demos ?? [.demo(variant: "container"), .demo(variant: "protocol")]
    // NB: the reference goes last in the table; its runs sit between the demo's.
    var programs = demos
    programs.insert(.reference(at: reference), at: 1)
    let columns = demos + [programs[1]]
    guard programs[0].exists else {
      let reason = "\(programs[0].path) is not built (swift build -c release builds it)"
      return [.notMeasured(name, "measured from outside", unit: "", reason: reason)]
    }
    let rounds = settings.count(full: 6, quick: 1)
    var figures: [Figure] = []
    for size in [(80, 24), (200, 60)] {
      var runs: [String: [ProbeRun]] = [:]
      for round in 0..<rounds {
        // NB: each round ends its load at another point of the 80 ms spinner period, so the
        // runs see results landing just after a frame as well as between frames.
        let seconds = (settings.quick ? 0.6 : 3) + Double(round) * 0.013
        for program in programs {
          let run = program.measure(size: size, seconds: seconds, settings)
          if let failure = run.failure {
            log("   \(program.label) \(size.0)x\(size.1) round \(round + 1): \(failure)")
          }
          runs[program.label, default: []].append(run)
        }
      }
      let table = makeTable(
        columns: columns.map(\.label), runs: runs, size: size, rounds: rounds,
        seconds: settings.quick ? 0.6 : 3)
      comparisonTables.append(table)
      figures += table.figures(of: name, size: "\(size.0)x\(size.1)")
    }
    return figures
  }

  // MARK: Tables

  private func makeTable(
    columns: [String], runs: [String: [ProbeRun]], size: (Int, Int), rounds: Int, seconds: Double
  ) -> ComparisonTable {
    var table = ComparisonTable(
      title:
        "\(size.0)x\(size.1), \(format(seconds)) s load, medians of \(rounds) interleaved runs",
      columns: columns)
    table.addRow(
      "child visible after load_end", "ms", target: "≤ 1 (p90 ≤ 2)", p90: true, runs: runs,
      \.childVisible)
    table.addRow(
      "  the same, load ending < 16 ms after a frame", "ms", p90: true, runs: runs,
      \.childVisibleRightAfterFrame)
    table.addRow(
      "  the same, load ending ≥ 16 ms after a frame", "ms", p90: true, runs: runs,
      \.childVisibleAwayFromFrame)
    table.addRow("bytes of the child's first frame", "B", runs: runs, \.childFrameBytes)
    table.addRow(
      "whole-process CPU per spinner frame", "ms", target: "≤ 1.3x C", p90: true, runs: runs,
      \.cpuPerFrame)
    table.addRow("voluntary thread switches per spinner frame", "", runs: runs, \.switchesPerFrame)
    table.addRow(
      "involuntary switches per frame (machine load)", "", runs: runs, \.involuntaryPerFrame)
    table.addRow(
      "all thread switches per spinner frame", "", target: "≤ 1", runs: runs, \.allSwitchesPerFrame)
    table.addRow("bytes per spinner frame", "B", runs: runs, \.bytesPerFrame)
    table.addRow("spawn → first byte", "ms", p90: true, runs: runs, \.firstByte)
    table.addRow(
      "spawn → first frame (spinner label)", "ms", target: "≤ 2x C", p90: true, runs: runs,
      \.firstFrame)
    table.addRow("spawn → main (trace start)", "ms", p90: true, runs: runs, \.toMain)
    table.addRow("peak RSS (VmHWM before quitting)", "MiB", target: "≤ 10", runs: runs, \.peakRSS)
    table.addRow("  RSS of files (code, libraries) before quitting", "MiB", runs: runs, \.fileRSS)
    table.addRow(
      "  RSS anonymous (heap, stacks) before quitting", "MiB", runs: runs, \.anonymousRSS)
    table.addRow("executable size on disk", "MiB", runs: runs, \.binarySize)
    table.addRow("idle wake-ups (voluntary switches)", "/s", target: "0", runs: runs, \.idleWakeups)
    table.addRow("idle CPU", "ms/s", target: "0", runs: runs, \.idleCPU)
    table.addRow("whole-run CPU (wait4)", "ms", runs: runs, \.totalCPU)
    return table
  }
}

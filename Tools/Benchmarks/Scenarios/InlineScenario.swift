#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The inline viewport as a user meets it, measured from outside the process beside two
/// programs doing the same job: the C + ncurses reference (full-screen, the floor the CPU goal
/// is set against) and a Python rich status line (an inline spinner people know).
///
/// `Demo load-probe --inline --height 1` in both loading variants, the C program and the rich
/// script each run on a pty of 80x24, in the same interleaved rounds as the outside scenario
/// and measured the same way (``ProbeProgram/measure(size:seconds:_:)``): a frame is a change
/// of the spinner's glyph, bytes and CPU are counted over the steady spinner window, the
/// child is visible when its text's bytes arrive, from the program's own `load_end`. The rich
/// column is skipped, with one line saying why, where `python3` or rich is missing.
///
/// One size only: an inline region of one row writes the same whatever the terminal's size.
final class InlineScenario: Scenario {
  let name = "inline"
  private(set) var comparisonTables: [ComparisonTable] = []

  func run(_ settings: RunSettings) async -> [Figure] {
    let reference: String
    switch ProbeProgram.buildReference() {
    case .success(let path): reference = path
    case .failure(let error):
      return [.notMeasured(name, "measured from outside", unit: "", reason: error.reason)]
    }
    defer { unlink(reference) }
    let demos = [ProbeProgram.inlineDemo(variant: "container"), .inlineDemo(variant: "protocol")]
    guard demos[0].exists else {
      let reason = "\(demos[0].path) is not built (swift build -c release builds it)"
      return [.notMeasured(name, "measured from outside", unit: "", reason: reason)]
    }
    var figures: [Figure] = []
    let ncurses = ProbeProgram.reference(at: reference)
    // NB: the programs of a round alternate between ScreenKit and the others, so that load on
    // the machine hits every program alike.
    var programs = [demos[0], ncurses, demos[1]]
    var columns = demos
    var rich: RichReference?
    switch RichReference.locate() {
    case .success(let found):
      rich = found
      programs.append(found.program)
      columns.append(found.program)
      log("   Python rich: \(found.versions), \(found.program.path)")
    case .failure(let error):
      log("   Python rich skipped: \(error.reason)")
      figures.append(
        .notMeasured(name, "Python rich status line", unit: "", reason: error.reason))
    }
    columns.append(ncurses)

    let size = (width: 80, height: 24)
    let rounds = settings.count(full: 6, quick: 1)
    let seconds = settings.quick ? 0.6 : 3
    var runs: [String: [ProbeRun]] = [:]
    for round in 0..<rounds {
      // NB: each round ends its load at another point of the 80 ms spinner period.
      let load = seconds + Double(round) * 0.013
      for program in programs {
        let run = program.measure(size: size, seconds: load, settings)
        if let failure = run.failure {
          log("   \(program.label) round \(round + 1): \(failure)")
        }
        runs[program.label, default: []].append(run)
      }
    }
    var title =
      "inline, \(size.width)x\(size.height), \(format(seconds)) s load, medians of \(rounds) "
      + "interleaved runs"
    if let rich { title += "; \(rich.versions)" }
    var table = ComparisonTable(title: title, columns: columns.map(\.label))
    if let index = columns.firstIndex(where: { $0.label == rich?.program.label }) {
      table.unjudgedColumns = [index]
      table.secondReference = (index, "rich")
    }
    addRows(to: &table, runs: runs)
    comparisonTables.append(table)
    figures += table.figures(of: name, size: "\(size.width)x\(size.height)")
    return figures
  }

  /// The goals for the inline viewport, and what explains them.
  private func addRows(to table: inout ComparisonTable, runs: [String: [ProbeRun]]) {
    table.addRow(
      "child visible after load_end", "ms", target: "≤ 1", p90: true, runs: runs, \.childVisible)
    table.addRow("bytes of the child's first frame", "B", runs: runs, \.childFrameBytes)
    // NB: 4 B is what the full-screen demo writes a frame (the outside scenario): an inline
    // frame should cost no more than that.
    table.addRow(
      "bytes per spinner frame (glyph change)", "B", target: "≤ 4", runs: runs, \.bytesPerFrame)
    table.addRow("writes per spinner frame", "", runs: runs, \.writesPerFrame)
    table.addRow(
      "whole-process CPU per spinner frame", "ms", target: "≤ 1.3x C", p90: true, runs: runs,
      \.cpuPerFrame)
    table.addRow("all thread switches per spinner frame", "", runs: runs, \.allSwitchesPerFrame)
    table.addRow("spawn → first frame (spinner label)", "ms", p90: true, runs: runs, \.firstFrame)
    table.addRow("peak RSS (VmHWM before quitting)", "MiB", runs: runs, \.peakRSS)
    table.addRow("idle wake-ups (voluntary switches)", "/s", runs: runs, \.idleWakeups)
    table.addRow("idle CPU", "ms/s", runs: runs, \.idleCPU)
    table.addRow("whole-run CPU (wait4)", "ms", runs: runs, \.totalCPU)
  }
}

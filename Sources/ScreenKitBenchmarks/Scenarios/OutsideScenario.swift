import TerminalProcess

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
          let run = measure(program, width: size.0, height: size.1, seconds: seconds, settings)
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
      figures += makeFigures(table, size: size)
    }
    return figures
  }

  // MARK: One run

  private func measure(
    _ program: ProbeProgram, width: Int, height: Int, seconds: Double, _ settings: RunSettings
  ) -> ProbeRun {
    var run = ProbeRun()
    let trace = TraceFile.temporary(program.label.filter(\.isLetter))
    defer { trace.remove() }
    // NB: no spaces, so the text arrives as one run of bytes whatever ncurses optimises.
    let text = "child-text-of-the-load-probe"
    let recorder: TerminalRecorder
    let child: ChildProcess
    do {
      (recorder, child) = try program.launch(
        seconds: seconds, text: text, trace: trace, size: (width, height))
    } catch {
      run.failure = "spawn failed: \(error)"
      return run
    }
    defer { recorder.close() }
    let spawned = child.spawnedAt
    guard let loadStart = trace.waitFor("load_start", timeout: .seconds(10)) else {
      recorder.type("q")
      child.end(by: Deadline(after: .seconds(2)))
      run.failure = "no load_start in the trace"
      return run
    }
    let load = Duration.milliseconds(Int(seconds * 1000))

    // The spinner window: well after the first frame, well before the load ends.
    let windowStart = loadStart + (settings.quick ? .milliseconds(100) : .milliseconds(300))
    let windowEnd = loadStart + load - .milliseconds(200)
    Self.sleep(until: windowStart)
    let before = ProcFiles.threads(of: child.pid)
    let opened = Clocks.monotonic()
    Self.sleep(until: windowEnd)
    let after = ProcFiles.threads(of: child.pid)
    let closed = Clocks.monotonic()
    let window = ThreadDelta(from: before, to: after)
    let chunks = recorder.chunks.filter { $0.time > opened && $0.time <= closed }
    // NB: a frame may reach the leader in more than one read; reads closer than 10 ms apart
    // belong to one frame (frames are 80 ms apart).
    var frames = 0
    var previous: Duration?
    for chunk in chunks {
      if previous.map({ chunk.time - $0 > .milliseconds(10) }) ?? true { frames += 1 }
      previous = chunk.time
    }
    run.frames = frames
    if frames > 0 {
      let count = Double(frames)
      run.cpuPerFrame = window.cpu.milliseconds / count
      run.switchesPerFrame = Double(window.voluntarySwitches) / count
      run.involuntaryPerFrame = Double(window.involuntarySwitches) / count
      run.allSwitchesPerFrame =
        Double(window.voluntarySwitches + window.involuntarySwitches) / count
      run.bytesPerFrame = Double(chunks.reduce(0) { $0 + $1.size }) / count
    }

    // The child's text, timed from the load's end on the program's own clock reading.
    let seen = recorder.waitForWatchedText(timeout: load + .seconds(5))
    let loadEnd = trace.waitFor("load_end", timeout: .seconds(1))
    if let seen, let loadEnd {
      let visible = (seen - loadEnd).milliseconds
      run.childVisible = visible
      if let lastFrame = recorder.chunks.last(where: { $0.time < loadEnd }) {
        let phase = (loadEnd - lastFrame.time).milliseconds
        run.phase = phase
        if phase < 16 {
          run.childVisibleRightAfterFrame = visible
        } else {
          run.childVisibleAwayFromFrame = visible
        }
      }
    } else {
      run.failure = seen == nil ? "the child's text never arrived" : "no load_end in the trace"
    }

    // Idle: nothing animates once the text is there.
    recorder.waitForQuiet(.milliseconds(50), timeout: .seconds(2))
    let idleStart = Clocks.monotonic()
    if let loadEnd {
      run.childFrameBytes = Double(
        recorder.chunks.filter { $0.time >= loadEnd && $0.time < idleStart }.reduce(0) {
          $0 + $1.size
        })
    }
    let idleBefore = ProcFiles.threads(of: child.pid)
    // NB: 2 s, so that a once-a-second wake-up (libdispatch's worker-pool monitor) shows.
    Clocks.sleep(settings.duration(full: .seconds(2), quick: .milliseconds(200)))
    let idle = ThreadDelta(from: idleBefore, to: ProcFiles.threads(of: child.pid))
    let idleLength = (Clocks.monotonic() - idleStart).seconds
    run.idleWakeups = Double(idle.voluntarySwitches) / idleLength
    run.idleCPU = idle.cpu.milliseconds / idleLength

    run.firstByte = recorder.arrivals.first.map { ($0 - spawned).milliseconds }
    run.firstFrame = recorder.arrival(of: "Loading").map { ($0 - spawned).milliseconds }
    run.toMain = trace.time(of: "start").map { ($0 - spawned).milliseconds }

    // NB: VmHWM, not wait4's ru_maxrss: the kernel carries the spawning process's peak over
    // exec into ru_maxrss, so a child smaller than this benchmark would report its size.
    if let status = ProcFiles.read("/proc/\(child.pid)/status"),
      let peak = ProcFiles.field("VmHWM", in: status)
    {
      run.peakRSS = Double(peak) / 1024
      // NB: file-backed pages are the program's and its libraries' code and data as far as
      // they were touched; anonymous ones are its heap, stacks and relocated data.
      run.fileRSS = ProcFiles.field("RssFile", in: status).map { Double($0) / 1024 }
      run.anonymousRSS = ProcFiles.field("RssAnon", in: status).map { Double($0) / 1024 }
    }
    var file = stat()
    if stat(program.path, &file) == 0 { run.binarySize = Double(file.st_size) / 1_048_576 }
    recorder.type("q")
    let ending = child.end(by: Deadline(after: .seconds(5)))
    run.totalCPU = (child.usage?.processorTime ?? .zero).milliseconds
    if ending != .exited(0) {
      run.failure = "\(ending)"
    }
    return run
  }

  private static func sleep(until deadline: Duration) {
    let remaining = deadline - Clocks.monotonic()
    if remaining > .zero { Clocks.sleep(remaining) }
  }

  // MARK: Tables

  private func makeTable(
    columns: [String], runs: [String: [ProbeRun]], size: (Int, Int), rounds: Int, seconds: Double
  ) -> ComparisonTable {
    var table = ComparisonTable(
      title:
        "\(size.0)x\(size.1), \(format(seconds)) s load, medians of \(rounds) interleaved runs",
      columns: columns)
    func row(
      _ name: String, _ unit: String, target: String = "", p90: Bool = false,
      _ value: KeyPath<ProbeRun, Double?>
    ) {
      var samples: [Samples] = []
      for column in columns {
        var values = Samples()
        for run in runs[column] ?? [] {
          if let measured = run[keyPath: value] { values.add(measured) }
        }
        samples.append(values)
      }
      table.rows.append(
        ComparisonTable.Row(
          name: name, unit: unit, target: target, samples: samples, showsP90: p90))
    }
    row("child visible after load_end", "ms", target: "≤ 1 (p90 ≤ 2)", p90: true, \.childVisible)
    row(
      "  the same, load ending < 16 ms after a frame", "ms", p90: true,
      \.childVisibleRightAfterFrame)
    row(
      "  the same, load ending ≥ 16 ms after a frame", "ms", p90: true, \.childVisibleAwayFromFrame)
    row("bytes of the child's first frame", "B", \.childFrameBytes)
    row("whole-process CPU per spinner frame", "ms", target: "≤ 1.3x C", p90: true, \.cpuPerFrame)
    row("voluntary thread switches per spinner frame", "", \.switchesPerFrame)
    row("involuntary switches per frame (machine load)", "", \.involuntaryPerFrame)
    row("all thread switches per spinner frame", "", target: "≤ 1", \.allSwitchesPerFrame)
    row("bytes per spinner frame", "B", \.bytesPerFrame)
    row("spawn → first byte", "ms", p90: true, \.firstByte)
    row("spawn → first frame (spinner label)", "ms", target: "≤ 2x C", p90: true, \.firstFrame)
    row("spawn → main (trace start)", "ms", p90: true, \.toMain)
    row("peak RSS (VmHWM before quitting)", "MiB", target: "≤ 10", \.peakRSS)
    row("  RSS of files (code, libraries) before quitting", "MiB", \.fileRSS)
    row("  RSS anonymous (heap, stacks) before quitting", "MiB", \.anonymousRSS)
    row("executable size on disk", "MiB", \.binarySize)
    row("idle wake-ups (voluntary switches)", "/s", target: "0", \.idleWakeups)
    row("idle CPU", "ms/s", target: "0", \.idleCPU)
    row("whole-run CPU (wait4)", "ms", \.totalCPU)
    return table
  }

  private func makeFigures(_ table: ComparisonTable, size: (Int, Int)) -> [Figure] {
    var figures: [Figure] = []
    for row in table.rows {
      for (column, label) in table.columns.enumerated() {
        let samples = row.samples[column]
        let figureName = "\(row.name), \(size.0)x\(size.1), \(label)"
        guard !samples.values.isEmpty else {
          figures.append(
            .notMeasured(name, figureName, unit: row.unit, reason: "no run measured it"))
          continue
        }
        let isReference = column == table.columns.count - 1
        var note = "median of \(samples.values.count)"
        if row.showsP90 { note += ", p90 \(format(samples.percentile(0.9)))" }
        if !isReference { note += " " + table.ratio(row, column: column) }
        figures.append(
          Figure(
            name, figureName, value: samples.median, unit: row.unit,
            target: isReference ? "" : row.target,
            verdict: isReference ? .report : verdict(row, column: column), note: note))
      }
    }
    return figures
  }

  private func verdict(_ row: ComparisonTable.Row, column: Int) -> Figure.Verdict {
    let value = row.samples[column]
    let reference = row.samples.last?.median ?? 0
    switch row.target {
    case "≤ 1 (p90 ≤ 2)": return value.median <= 1 && value.percentile(0.9) <= 2 ? .met : .missed
    case "≤ 1.3x C": return value.median <= reference * 1.3 ? .met : .missed
    case "≤ 2x C": return value.median <= reference * 2 ? .met : .missed
    case "≤ 1": return value.median <= 1 ? .met : .missed
    case "≤ 10": return value.median <= 10 ? .met : .missed
    case "0": return value.median == 0 ? .met : .missed
    default: return .report
    }
  }
}

import TerminalProcess

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The demo (or, when it is not built, the minimal ScreenKit program `ScreenKitCursesTestHost`)
/// started as a child on a pty: time from `posix_spawn` to its first frame on the terminal,
/// and its peak resident memory over a short session ending with `q`.
struct StartupScenario: Scenario {
  let name = "startup"

  /// A program to start, and how to tell its first frame.
  private struct Program {
    var path: String
    var label: String
    var arguments: [String]
    /// Text the first frame shows; `nil` to take the end of the first burst of output.
    var marker: String?
    var tracePath: String?
  }

  func run(_ settings: RunSettings) async -> [Figure] {
    let directory = ChildProcess.productsDirectory
    let tracePath = "/tmp/screenkit-bench-trace-\(getpid())"
    let demo = Program(
      path: directory + "/Demo", label: "Demo", arguments: ["--trace", tracePath], marker: nil,
      tracePath: tracePath)
    let host = Program(
      path: directory + "/ScreenKitCursesTestHost", label: "ScreenKitCursesTestHost",
      arguments: ["idle"], marker: "READY", tracePath: nil)
    var figures: [Figure] = []
    if access(demo.path, X_OK) == 0 {
      figures += measure(demo, as: "the demo", targets: true, settings)
    } else {
      let reason = "Demo is not built in \(directory) (swift build -c release --product Demo)"
      figures += [
        .notMeasured(name, "process start to first frame, the demo", unit: "ms", reason: reason),
        .notMeasured(name, "peak RSS of the demo", unit: "MiB", reason: reason),
      ]
    }
    if access(host.path, X_OK) == 0 {
      let hasDemo = access(demo.path, X_OK) == 0
      figures += measure(
        host, as: "a minimal ScreenKit program", targets: !hasDemo, settings)
    }
    return figures
  }

  /// Starts `program` a few times and returns its start-up and peak-memory figures.
  private func measure(
    _ program: Program, as label: String, targets: Bool, _ settings: RunSettings
  ) -> [Figure] {
    let runs = settings.count(full: 11, quick: 1)
    var startup = Samples()
    var toMain = Samples()
    var peak = Samples()
    var failures: [String] = []
    var residency = ""
    for _ in 0..<runs {
      if let tracePath = program.tracePath { unlink(tracePath) }
      let recorder: TerminalRecorder
      let child: ChildProcess
      do {
        recorder = try TerminalRecorder()
        if let marker = program.marker { recorder.watch(for: marker) }
        do {
          child = try ChildProcess(
            executable: program.path, arguments: program.arguments, input: recorder.follower,
            output: .descriptor(recorder.follower), error: .discarded,
            environment: [
              "TERM": "xterm-256color", "LINES": "24", "COLUMNS": "80", "LANG": "C.UTF-8",
            ])
        } catch {
          recorder.close()
          throw error
        }
      } catch {
        failures.append("spawn failed: \(error)")
        break
      }
      var frameAt: Duration?
      if program.marker != nil {
        frameAt = recorder.waitForWatchedText(timeout: .seconds(10))
      } else {
        // The first frame is the first burst of output: wait for it, then for it to end.
        let deadline = Clocks.monotonic() + .seconds(10)
        while recorder.byteCount == 0 && Clocks.monotonic() < deadline {
          Clocks.sleep(.microseconds(200))
        }
        recorder.waitForQuiet(.milliseconds(60))
        frameAt = recorder.arrivals.last
      }
      Clocks.sleep(settings.duration(full: .seconds(1), quick: .milliseconds(300)))
      var highWater: Int?
      if let status = ProcFiles.read("/proc/\(child.pid)/status") {
        highWater = ProcFiles.field("VmHWM", in: status).map { $0 * 1024 }
        let anon = Double(ProcFiles.field("RssAnon", in: status) ?? 0) / 1024
        let file = Double(ProcFiles.field("RssFile", in: status) ?? 0) / 1024
        residency = "RSS now: \(format(anon)) MiB anonymous + \(format(file)) MiB file-backed"
      }
      recorder.type("q")
      let ending = child.end(by: Deadline(after: .seconds(10)))
      recorder.close()
      guard let frameAt else {
        failures.append("no frame")
        continue
      }
      startup.add((frameAt - child.spawnedAt).milliseconds)
      // NB: VmHWM first: ru_maxrss carries this benchmark's own peak over the child's exec.
      peak.add(Double(highWater ?? child.usage?.peakResidentBytes ?? 0) / 1_048_576)
      if let tracePath = program.tracePath, let trace = ProcFiles.read(tracePath),
        let start = TraceFile.time(of: "start", in: trace)
      {
        toMain.add((start - child.spawnedAt).milliseconds)
      }
      if ending != .exited(0) {
        failures.append("\(ending)")
      }
    }
    if let tracePath = program.tracePath { unlink(tracePath) }
    let startName = "process start to first frame, \(label)"
    let peakName =
      targets && program.label == "Demo" ? "peak RSS of the demo" : "peak RSS, \(label)"
    guard !startup.values.isEmpty else {
      let reason = "\(program.label): " + failures.joined(separator: ", ")
      return [
        .notMeasured(name, startName, unit: "ms", reason: reason),
        .notMeasured(name, peakName, unit: "MiB", reason: reason),
      ]
    }
    var startNote =
      "\(program.label): spawn on a pty to first frame, median of \(startup.values.count) "
      + "(min \(format(startup.minimum)), max \(format(startup.maximum)))"
    if !toMain.values.isEmpty {
      startNote += "; spawn to main() \(format(toMain.median)) ms"
    }
    if !failures.isEmpty { startNote += "; " + failures.joined(separator: ", ") }
    let peakNote = "\(program.label): VmHWM after a 1 s session; \(residency)"
    if targets {
      return [
        .atMost(name, startName, value: startup.median, limit: 15, unit: "ms", note: startNote),
        .atMost(name, peakName, value: peak.median, limit: 12, unit: "MiB", note: peakNote),
      ]
    }
    return [
      Figure(name, startName, value: startup.median, unit: "ms", note: startNote),
      Figure(name, peakName, value: peak.median, unit: "MiB", note: peakNote),
    ]
  }
}
